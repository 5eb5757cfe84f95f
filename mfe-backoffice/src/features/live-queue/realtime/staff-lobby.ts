import type { StaffJoinRequest } from '@incontra/contracts/api/join-requests';
import type { ServerLobbyMessage } from '@incontra/contracts/realtime/lobby';
import type { LinkUser } from '@incontra/mfe-kit/realtime/shared-socket-link';
import type { LinkStatus } from '@incontra/mfe-kit/realtime/socket-link';
import { createStaffLobbyLink, type StaffLobbyLink, type StaffLobbyLinkOptions } from '@incontra/mfe-kit/realtime/staff-lobby-link';
import { inQueue, withRequest } from './queue-entries';

export type StaffLobbyOptions = Pick<StaffLobbyLinkOptions, 'origin' | 'createSocket'>;

export interface StaffLobbyState {
  /** `closed` while nobody uses the line. */
  status: LinkStatus;
  /** Who waits, as the socket last said while it is up (its `queue`, then each `request`); null otherwise. */
  waiting: readonly StaffJoinRequest[] | null;
}

/**
 * The tab's one line to the staff lobby socket (the kit's staff lobby link: the lobby's one set of
 * options and its `bye` rule), used by the live queue, the agenda's change feed, the navigation
 * badge and the dashboard's waiting figure: opened by the first of them, closed with the last. It
 * keeps what they read in common (the status, who waits). Framework-free: React reads it through
 * `subscribe`/`getState`.
 */
export class StaffLobby {
  private state: StaffLobbyState = { status: 'closed', waiting: null };
  private readonly listeners = new Set<() => void>();
  private readonly link: StaffLobbyLink;

  constructor({ origin, createSocket }: StaffLobbyOptions = {}) {
    this.link = createStaffLobbyLink({
      origin,
      createSocket,
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
      default:
        return;
    }
  }

  private set(change: Partial<StaffLobbyState>): void {
    this.state = { ...this.state, ...change };
    this.listeners.forEach((listener) => listener());
  }
}
