import { SIGNALLING } from '@incontra/contracts/realtime/signalling';
import { socketUrl } from '@incontra/mfe-kit/realtime/socket-link';

/** Well inside the server's hello timeout (SIGNALLING.helloTimeoutMs). */
const WARM_SOCKET_MAX_AGE_MS = 3000;

let warm: { socket: WebSocket; url: string; openedAt: number } | null = null;

/**
 * Opens the signalling socket while the join call is still on its way, so that the WebSocket
 * handshake does not wait for the join answer: the socket says nothing until the engine takes
 * it and sends `hello` with the token. A socket nobody takes is closed by the server's hello timeout.
 */
export function warmSignallingSocket(origin: string = window.location.origin, now: number = Date.now()): void {
  if (typeof WebSocket === 'undefined') return;
  if (warm && now - warm.openedAt < WARM_SOCKET_MAX_AGE_MS) return;
  warm?.socket.close();
  const url = socketUrl(SIGNALLING.path, origin);
  warm = { socket: new WebSocket(url), url, openedAt: now };
}

/** The warm socket for `url` when it is fresh and not closing; it is handed out once. */
export function takeWarmSocket(url: string, now: number = Date.now()): WebSocket | null {
  const candidate = warm;
  warm = null;
  if (!candidate) return null;
  const usable =
    candidate.url === url &&
    now - candidate.openedAt < WARM_SOCKET_MAX_AGE_MS &&
    (candidate.socket.readyState === WebSocket.CONNECTING || candidate.socket.readyState === WebSocket.OPEN);
  if (usable) return candidate.socket;
  candidate.socket.close();
  return null;
}
