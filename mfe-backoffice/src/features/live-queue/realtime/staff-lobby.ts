import type { StaffJoinRequest } from '@incontra/contracts/api/join-requests';
import {
  LOBBY,
  LOBBY_CLOSE,
  LOBBY_RECONNECT_BACKOFF,
  serverLobbyMessageSchema,
  type ClientLobbyMessage,
  type ServerLobbyMessage,
} from '@incontra/contracts/realtime/lobby';
import { SharedSocketLink, type LinkUser } from '@incontra/mfe-kit/realtime/shared-socket-link';
import type { LinkStatus, SocketLike } from '@incontra/mfe-kit/realtime/socket-link';
import { inQueue, withRequest } from './queue-entries';

/** The socket must be open and answered with `queue` within this time, or it is dropped and retried. */
export const WELCOME_TIMEOUT_MS = LOBBY.helloTimeoutMs * 2;
/** The server answers every ping: this long without a word means the connection is dead. */
export const SILENCE_LIMIT_MS = LOBBY.heartbeatIntervalMs * 3;

export interface StaffLobbyOptions {
  /** Where the lobby socket is; the page's own origin by default. */
  origin?: string;
  createSocket?: (url: string) => SocketLike;
}

export interface StaffLobbyState {
  /** `closed` while nobody uses the line. */
  status: LinkStatus;
  /** Who waits, as the socket last said while it is up (its `queue`, then each `request`); null otherwise. */
  waiting: readonly StaffJoinRequest[] | null;
}

/**
 * The tab's one line to the staff lobby socket (the kit's shared link, with the lobby's one set of
 * options), used by the live queue, the agenda's change feed, the navigation badge and the
 * dashboard's waiting figure: opened by the first of them, closed with the last. It keeps what
 * they read in common (the status, who waits) and the protocol's rule: a session the server ended
 * (`bye unauthorized`) is not tried again while anyone uses the line. Framework-free: React reads
 * it through `subscribe`/`getState`.
 */
export class StaffLobby {
  private state: StaffLobbyState = { status: 'closed', waiting: null };
  private readonly listeners = new Set<() => void>();
  private readonly link: SharedSocketLink<ServerLobbyMessage, ClientLobbyMessage>;

  constructor({ origin, createSocket }: StaffLobbyOptions = {}) {
    this.link = new SharedSocketLink<ServerLobbyMessage, ClientLobbyMessage>({
      path: LOBBY.path,
      origin,
      createSocket,
      schema: serverLobbyMessageSchema,
      hello: { type: 'hello', role: 'staff' },
      openTimeoutMs: WELCOME_TIMEOUT_MS,
      // Up when the queue comes; the open deadline runs on until then.
      welcome: { is: (message) => message.type === 'queue' },
      heartbeat: { intervalMs: LOBBY.heartbeatIntervalMs, silenceLimitMs: SILENCE_LIMIT_MS, ping: { type: 'ping' } },
      backoff: LOBBY_RECONNECT_BACKOFF,
      // Retrying would only get the same answer, or add to the sockets the server counts; the users poll meanwhile.
      finalCloseCodes: [LOBBY_CLOSE.unauthorized, LOBBY_CLOSE.tooManyConnections],
      onMessage: (message) => this.heard(message),
      // The list of a socket that is gone says nothing any more; the next socket's queue will.
      onStatus: (status) => this.set({ status, waiting: null }),
    });
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getState = (): StaffLobbyState => this.state;

  /** Holds the line open for `user` until the answered function is called (see the kit's `SharedSocketLink.join`). */
  join(user: LinkUser<ServerLobbyMessage> = {}): () => void {
    return this.link.join(user);
  }

  private heard(message: ServerLobbyMessage): void {
    const { waiting } = this.state;
    switch (message.type) {
      case 'queue':
        return this.set({ waiting: message.requests.filter(inQueue) });
      case 'request': {
        // Before the queue (a socket not welcomed yet) there is no list to change.
        const next = waiting && withRequest(waiting, message.request);
        if (next !== waiting) this.set({ waiting: next });
        return;
      }
      case 'bye':
        return message.reason === 'unauthorized' ? this.link.refuse() : this.link.drop();
      default:
        return;
    }
  }

  private set(change: Partial<StaffLobbyState>): void {
    this.state = { ...this.state, ...change };
    this.listeners.forEach((listener) => listener());
  }
}
