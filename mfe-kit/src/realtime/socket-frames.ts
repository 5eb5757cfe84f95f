/**
 * The socket link's dealings with one WebSocket: building it, reading and writing JSON frames,
 * and letting go of it. Kept apart from the link's state machine (socket-link.ts).
 */
import type { MessageSchema, SocketLike } from './socket-link';

/** `WebSocket.OPEN`, which a fake socket's environment may not define. */
export const SOCKET_OPEN = 1;

/**
 * A new socket to `url`, from `create` (a test's fake, a warm socket) or else the browser's
 * WebSocket; null when it cannot even be built (a malformed address, a blocked port), which the
 * link treats like a socket lost at once.
 */
export function openSocket(url: string, create?: (url: string) => SocketLike): SocketLike | null {
  try {
    return create ? create(url) : new WebSocket(url);
  } catch {
    return null;
  }
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

/** Sends `message` as JSON when the socket is open; otherwise it is dropped. Answers whether it went. */
export function sendJson(socket: SocketLike, message: unknown): boolean {
  if (socket.readyState !== SOCKET_OPEN) return false;
  try {
    socket.send(JSON.stringify(message));
    return true;
  } catch {
    // A socket closing under us: its close event tells the link.
    return false;
  }
}

/** Stops listening to a socket, so that a late event of it cannot touch the next one. */
export function detachSocket(socket: SocketLike): void {
  socket.onopen = null;
  socket.onmessage = null;
  socket.onclose = null;
  socket.onerror = null;
}

/**
 * Lets go of a socket the link gave up on (silent, too slow, or no longer wanted): its handlers
 * are detached first, then it is closed with `code`.
 */
export function releaseSocket(socket: SocketLike, code: number): void {
  detachSocket(socket);
  try {
    socket.close(code);
  } catch {
    // Already closing, or (in some browsers) never opened: it is gone either way.
  }
}
