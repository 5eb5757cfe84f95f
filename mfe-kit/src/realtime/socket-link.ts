/**
 * What the browser clients of the API's WebSockets (the lobby, the room's signalling) all do the
 * same way: the address, the reconnection backoff, reading and writing JSON frames, and letting
 * go of a socket. Each client keeps its own protocol; see socket-timers.ts for the timers.
 */

/** What a client needs of a WebSocket (tests hand in a fake). */
export type SocketLike = Pick<WebSocket, 'readyState' | 'send' | 'close' | 'onopen' | 'onmessage' | 'onclose' | 'onerror'>;

/** `WebSocket.OPEN`, which a fake socket's environment may not define. */
export const SOCKET_OPEN = 1;

/**
 * A new socket to `url`, from `create` (a test's fake, a warm socket) or else the browser's
 * WebSocket; null when it cannot even be built (a malformed address, a blocked port), which the
 * client treats like a socket lost at once.
 */
export function openSocket(url: string, create?: (url: string) => SocketLike): SocketLike | null {
  try {
    return create ? create(url) : new WebSocket(url);
  } catch {
    return null;
  }
}

/** `path` on the page's origin (`location.protocol` and `location.host`), as ws: or wss:. */
export function socketUrl(path: string, location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;
}

export interface Backoff {
  /** The delay before the first new attempt. */
  firstMs: number;
  maxMs: number;
  /** Each further attempt waits this many times longer, up to `maxMs`. */
  factor: number;
}

/** Delay before reconnection attempt `attempt` (0-based), in whole milliseconds. */
export function reconnectDelay(attempt: number, backoff: Backoff): number {
  return Math.min(backoff.maxMs, Math.round(backoff.firstMs * backoff.factor ** attempt));
}

/** What a contract schema offers (zod's `safeParse`), whatever the message type. */
export interface MessageSchema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false };
}

/** A text frame holding JSON the schema accepts; anything else is null (and best ignored). */
export function parseSocketMessage<T>(raw: unknown, schema: MessageSchema<T>): T | null {
  if (typeof raw !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** Sends `message` as JSON when the socket is open; otherwise it is dropped. */
export function sendJson(socket: SocketLike, message: unknown): void {
  if (socket.readyState !== SOCKET_OPEN) return;
  try {
    socket.send(JSON.stringify(message));
  } catch {
    // A socket closing under us: its close event tells the client.
  }
}

/**
 * Lets go of a socket the client gave up on (closed, silent, too slow, or no longer wanted):
 * its handlers are detached first, so that a late event of it cannot touch the next socket,
 * then it is closed with `code`.
 */
export function releaseSocket(socket: SocketLike, code: number): void {
  socket.onopen = null;
  socket.onmessage = null;
  socket.onclose = null;
  socket.onerror = null;
  try {
    socket.close(code);
  } catch {
    // Already closing, or (in some browsers) never opened: it is gone either way.
  }
}
