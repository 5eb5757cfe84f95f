import * as z from 'zod/mini';
import { staffJoinRequestSchema, visitorJoinRequestSchema } from '../api/join-requests';

/**
 * The lobby's WebSocket (`/api/realtime/lobby`): staff consoles receive their live queue and
 * every change to it; a waiting visitor receives the changes of its own request. Staff are known
 * by their session cookie (the upgrade must come from the company's own origin); a visitor by
 * `hello` with its request id and visitor token. Changes travel between API processes through
 * the pub/sub port, so a socket on any process sees changes made through any other.
 */
export const LOBBY = {
  path: '/api/realtime/lobby',
  /** The server expects `hello` this soon after the socket opens. */
  helloTimeoutMs: 5000,
  maxMessageBytes: 4 * 1024,
  heartbeatIntervalMs: 10_000,
  /** Without a socket, the visitor's page asks for its request's status this often. */
  pollIntervalMs: 3000,
  /**
   * A waiting request whose visitor has not been heard from (no socket open, no status call)
   * for this long is withdrawn: the visitor has gone.
   */
  visitorGoneMs: 30_000,
  /** A lost lobby socket is opened again after this, growing by `reconnectFactor` up to the maximum. */
  reconnectBaseMs: 500,
  reconnectMaxMs: 5000,
  reconnectFactor: 1.5,
} as const;

/** The reconnection backoff of every lobby client (visitor and staff), in the kit socket link's terms. */
export const LOBBY_RECONNECT_BACKOFF = { firstMs: LOBBY.reconnectBaseMs, maxMs: LOBBY.reconnectMaxMs, factor: LOBBY.reconnectFactor } as const;

/** Close codes of the lobby socket. */
export const LOBBY_CLOSE = {
  unauthorized: 4001,
  /** The visitor's request is over (final state): nothing more will come. */
  closed: 4004,
  helloTimeout: 4008,
  badMessage: 4029,
  /**
   * Refused at once: too many sockets already open from this address, for this staff session or
   * for this visitor's request. Final: a client does not try again by itself.
   */
  tooManyConnections: 4030,
} as const;

// A plain union: two `hello` variants share the discriminator value, which discriminatedUnion refuses.
export const clientLobbyMessageSchema = z.union([
  /** A staff console: the session cookie of the upgrade tells who. */
  z.object({ type: z.literal('hello'), role: z.literal('staff') }),
  z.object({ type: z.literal('hello'), role: z.literal('visitor'), requestId: z.uuid(), token: z.string().check(z.maxLength(200)) }),
  /** Application-level keepalive from browsers (they cannot send protocol pings). */
  z.object({ type: z.literal('ping') }),
]);
export type ClientLobbyMessage = z.infer<typeof clientLobbyMessageSchema>;

export const serverLobbyMessageSchema = z.discriminatedUnion('type', [
  /** Staff, after `hello`: the whole live queue. */
  z.object({ type: z.literal('queue'), requests: z.array(staffJoinRequestSchema) }),
  /** Staff: a request of their stores appeared or changed (it leaves the queue when its status is no longer a queue status). */
  z.object({ type: z.literal('request'), request: staffJoinRequestSchema }),
  /** Staff: a reservation of one of their stores was booked, moved, cancelled or changed; their agenda reads it again. */
  z.object({ type: z.literal('agenda'), storeId: z.uuid() }),
  /** Staff: a point-of-sale request of one of their stores changed (paid, cancelled, expired); their lists read it again. */
  z.object({ type: z.literal('pos'), storeId: z.nullable(z.uuid()), paymentId: z.uuid() }),
  /** Visitor: its request, after `hello` and after each change. */
  z.object({ type: z.literal('status'), request: visitorJoinRequestSchema }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('bad'), reason: z.enum(['malformed', 'too-large', 'unexpected']) }),
  z.object({ type: z.literal('bye'), reason: z.enum(['unauthorized', 'closed']) }),
]);
export type ServerLobbyMessage = z.infer<typeof serverLobbyMessageSchema>;

/** What travels on the pub/sub port between processes: one company's lobby change. */
export const lobbyEventSchema = z.object({
  type: z.literal('join-request'),
  companyId: z.uuid(),
  request: staffJoinRequestSchema,
  visitor: visitorJoinRequestSchema,
  /** Publisher's clock (ms since the epoch), for latency figures. */
  sentAt: z.number(),
});
export type LobbyEvent = z.infer<typeof lobbyEventSchema>;

export function lobbyChannelOf(companyId: string): string {
  return `lobby:${companyId}`;
}
