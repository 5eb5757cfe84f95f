import {
  LOBBY,
  LOBBY_CLOSE,
  LOBBY_RECONNECT_BACKOFF,
  serverLobbyMessageSchema,
  type ClientLobbyMessage,
  type ServerLobbyMessage,
} from '@incontra/contracts/realtime/lobby';
import { SharedSocketLink, type SharedSocketLinkOptions } from './shared-socket-link';
import type { SocketLike } from './socket-link';

/** The socket must be open and answered with `queue` within this time, or it is dropped and retried. */
export const STAFF_LOBBY_WELCOME_TIMEOUT_MS = LOBBY.helloTimeoutMs * 2;
/** The server answers every ping: this long without a word means the connection is dead. */
export const STAFF_LOBBY_SILENCE_LIMIT_MS = LOBBY.heartbeatIntervalMs * 3;

export type StaffLobbyLink = SharedSocketLink<ServerLobbyMessage, ClientLobbyMessage>;

export interface StaffLobbyLinkOptions extends Pick<SharedSocketLinkOptions<ServerLobbyMessage, ClientLobbyMessage>, 'onMessage' | 'onStatus'> {
  /** Where the lobby socket is; the page's own origin by default. */
  origin?: string;
  createSocket?: (url: string) => SocketLike;
}

/**
 * The staff lobby socket as the kit's shared link, with the lobby's one set of options (the back
 * office's StaffLobby and the room's line both open it so): up once the queue comes, pinged, never
 * retried after the server refused, and the protocol's `bye` obeyed (a session the server ended is
 * not tried again while anyone uses the line; any other bye drops the socket for the next one).
 * `onMessage` hears every message after that, `onStatus` every change.
 */
export function createStaffLobbyLink({ origin, createSocket, onMessage, onStatus }: StaffLobbyLinkOptions = {}): StaffLobbyLink {
  const link: StaffLobbyLink = new SharedSocketLink<ServerLobbyMessage, ClientLobbyMessage>({
    path: LOBBY.path,
    origin,
    createSocket,
    schema: serverLobbyMessageSchema,
    hello: { type: 'hello', role: 'staff' },
    openTimeoutMs: STAFF_LOBBY_WELCOME_TIMEOUT_MS,
    // Up when the queue comes; the open deadline runs on until then.
    welcome: { is: (message) => message.type === 'queue' },
    heartbeat: { intervalMs: LOBBY.heartbeatIntervalMs, silenceLimitMs: STAFF_LOBBY_SILENCE_LIMIT_MS, ping: { type: 'ping' } },
    backoff: LOBBY_RECONNECT_BACKOFF,
    // Retrying would only get the same answer, or add to the sockets the server counts; the users poll meanwhile.
    finalCloseCodes: [LOBBY_CLOSE.unauthorized, LOBBY_CLOSE.tooManyConnections],
    onMessage: (message) => {
      if (message.type === 'bye') {
        if (message.reason === 'unauthorized') link.refuse();
        else link.drop();
      }
      onMessage?.(message);
    },
    onStatus,
  });
  return link;
}
