import * as z from 'zod/mini';
import { participantRoleSchema } from '../api/video-room';

/**
 * The local engine's signalling over the API WebSocket (`/api/realtime/room`). The server only
 * relays offers, answers and ICE candidates between participants of one room, and stamps every
 * announcement with what the room token says (identity, display name, role).
 */
export const SIGNALLING = {
  path: '/api/realtime/room',
  /** A message larger than this is refused with `bad` (the socket stays open). */
  maxMessageBytes: 64 * 1024,
  /** Token bucket per socket: burst and refill per second. */
  rateBurst: 100,
  ratePerSecond: 50,
  /** Refused messages tolerated before the socket is closed. */
  maxBadMessages: 20,
  /** The server expects `hello` this soon after the socket opens. */
  helloTimeoutMs: 5000,
  heartbeatIntervalMs: 10_000,
  maxMissedHeartbeats: 3,
  /**
   * A socket lost without `bye` keeps its seat this long (the spec's 30 s session timeout): the
   * same identity coming back in time resumes, and the others see no leave; after it, `peer-left lost`.
   */
  reconnectGraceMs: 30_000,
} as const;

/** Close codes of the signalling socket (4000–4999 are the application's). */
export const SIGNALLING_CLOSE = {
  unauthorized: 4001,
  kicked: 4003,
  roomFull: 4009,
  tooManyBadMessages: 4029,
  replaced: 4010,
  helloTimeout: 4008,
  /** Refused at once: too many sockets already open from this address or for this room token. Final. */
  tooManyConnections: 4030,
} as const;

export const peerSchema = z.object({
  identity: z.string(),
  displayName: z.string(),
  role: participantRoleSchema,
});
export type Peer = z.infer<typeof peerSchema>;

/** SDP or ICE candidate, as the browser produces them. */
export const signalPayloadSchema = z.union([
  z.object({
    description: z.object({ type: z.enum(['offer', 'answer', 'pranswer', 'rollback']), sdp: z.optional(z.string()) }),
    /** The sender's track names by transceiver mid, so the receiver knows camera from screen. */
    trackNames: z.optional(z.record(z.string(), z.string())),
  }),
  z.object({
    candidate: z.nullable(
      z.object({
        candidate: z.string(),
        sdpMid: z.optional(z.nullable(z.string())),
        sdpMLineIndex: z.optional(z.nullable(z.int())),
        usernameFragment: z.optional(z.nullable(z.string())),
      }),
    ),
  }),
]);
export type SignalPayload = z.infer<typeof signalPayloadSchema>;

export const clientSignallingMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), token: z.string().check(z.maxLength(4096)) }),
  z.object({ type: z.literal('signal'), to: z.string().check(z.maxLength(200)), data: signalPayloadSchema }),
  z.object({ type: z.literal('heartbeat') }),
  z.object({ type: z.literal('bye') }),
]);
export type ClientSignallingMessage = z.infer<typeof clientSignallingMessageSchema>;

export const serverSignallingMessageSchema = z.discriminatedUnion('type', [
  /** Answer to hello: who I am and who is already in the room (they will receive my offers). */
  z.object({ type: z.literal('welcome'), self: peerSchema, peers: z.array(peerSchema) }),
  z.object({ type: z.literal('peer-joined'), peer: peerSchema }),
  z.object({ type: z.literal('peer-left'), identity: z.string(), reason: z.enum(['left', 'kicked', 'lost']) }),
  z.object({ type: z.literal('signal'), from: z.string(), data: signalPayloadSchema }),
  z.object({ type: z.literal('heartbeat') }),
  /** A refused message; the socket stays open. */
  z.object({ type: z.literal('bad'), reason: z.enum(['malformed', 'too-large', 'rate-limited', 'unknown-peer', 'not-ready']) }),
  /** Sent just before the server closes the socket for good. */
  z.object({ type: z.literal('bye'), reason: z.enum(['kicked', 'room-full', 'unauthorized', 'replaced', 'abuse']) }),
]);
export type ServerSignallingMessage = z.infer<typeof serverSignallingMessageSchema>;
