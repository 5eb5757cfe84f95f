import { serverLobbyMessageSchema, type ClientLobbyMessage, type ServerLobbyMessage } from '@incontra/contracts/realtime/lobby';
import type { SocketLinkOptions } from '../realtime/socket-link';
import { FakeWebSocket, FakeWebSockets } from './fake-web-socket';

/** The reconnect backoff of the link tests (400 ms, 1 s, then 2 s at most). */
export const LINK_BACKOFF = { firstMs: 400, maxMs: 2000, factor: 2.5 };
/** How long the link tests give a socket to open. */
export const LINK_OPEN_TIMEOUT_MS = 3000;
/** The close code by which the tests' server refuses for good. */
export const LINK_FINAL_CODE = 4030;

type LobbyLinkOptions = SocketLinkOptions<ServerLobbyMessage, ClientLobbyMessage>;

/**
 * Fake sockets, and the options a link test starts from: staff's lobby on a fixed origin through
 * those sockets, its hello, LINK_OPEN_TIMEOUT_MS, LINK_BACKOFF and LINK_FINAL_CODE.
 */
export function lobbyLinkBase() {
  const sockets = new FakeWebSockets((url) => new FakeWebSocket<ClientLobbyMessage, ServerLobbyMessage>(url));
  const options = {
    path: '/api/realtime/lobby',
    origin: 'https://demo.example',
    createSocket: sockets.create,
    schema: serverLobbyMessageSchema,
    hello: { type: 'hello', role: 'staff' },
    openTimeoutMs: LINK_OPEN_TIMEOUT_MS,
    backoff: LINK_BACKOFF,
    finalCloseCodes: [LINK_FINAL_CODE],
  } satisfies Partial<LobbyLinkOptions>;
  return { sockets, options };
}

/** Lets a poll's promise settle (fake timers do not run microtasks by themselves). */
export async function flush(): Promise<void> {
  await Promise.resolve();
  await Promise.resolve();
}
