import type { StaffJoinRequest } from '@incontra/contracts/api/join-requests';
import { LOBBY_CLOSE, type ServerLobbyMessage } from '@incontra/contracts/realtime/lobby';
import type { LinkStatus } from '@incontra/mfe-kit/realtime/socket-link';
import { inQueue, removeEntry, replaceEntries, upsertEntry, type QueueEntry } from './queue-entries';
import type { StaffLobby } from './staff-lobby';

/**
 * `connecting` until the first socket is welcomed, `offline` whenever the socket is down,
 * `too-many` once the server refused it as one socket too many (4030): no more attempts.
 */
export type LobbyConnection = 'connecting' | 'open' | 'offline' | 'too-many';

export interface LiveQueueSnapshot {
  connection: LobbyConnection;
  /** False until a first list arrived (from the socket or the fallback call). */
  loaded: boolean;
  entries: readonly QueueEntry[];
}

export interface LobbyClientOptions {
  /** The tab's line to the lobby, which the navigation and the agenda use too. */
  lobby: StaffLobby;
  /** The signed-in staff member: their own approvals are not shown as taken. */
  selfId: string;
}

/** How long a request taken by another staff member stays on screen with who took it. */
export const TAKEN_MARKER_MS = 5000;

/**
 * The live queue page's use of the tab's lobby line (staff-lobby.ts): the queue and its changes,
 * who took what, who newly arrived. A lost socket is retried by the line; in between the page
 * refreshes the list over HTTP (`applyFallback`), and the `queue` of the next socket is the truth
 * again. Framework-free: React reads it through `subscribe`/`getSnapshot`.
 */
export class LobbyClient {
  private snapshot: LiveQueueSnapshot = { connection: 'connecting', loaded: false, entries: [] };
  private readonly listeners = new Set<() => void>();
  private readonly arrivalListeners = new Set<(requests: StaffJoinRequest[]) => void>();
  private readonly markerTimers = new Map<string, ReturnType<typeof setTimeout>>();
  /** Lets go of the lobby line; set while started. */
  private leave: (() => void) | null = null;

  constructor(private readonly options: LobbyClientOptions) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): LiveQueueSnapshot => this.snapshot;

  /** Requests that newly entered the queue after the first list (for the sound and the notification). */
  onArrivals(listener: (requests: StaffJoinRequest[]) => void): () => void {
    this.arrivalListeners.add(listener);
    return () => this.arrivalListeners.delete(listener);
  }

  start(): void {
    if (this.leave) return;
    const { lobby } = this.options;
    this.leave = lobby.join({ onMessage: (message) => this.handle(message), onStatus: (status, closeCode) => this.linkChanged(status, closeCode) });
    // A line up already (the navigation opened it) said its queue before: that is the first list.
    const { waiting } = lobby.getState();
    if (waiting) this.replace(waiting);
  }

  stop(): void {
    this.leave?.();
    this.leave = null;
    this.markerTimers.forEach((timer) => clearTimeout(timer));
    this.markerTimers.clear();
  }

  /** The list from GET /api/bo/join-requests: taken only while the socket is not there to say better. */
  applyFallback(requests: readonly StaffJoinRequest[]): void {
    if (this.snapshot.connection === 'open') return;
    this.replace(requests);
  }

  /**
   * A request as this staff member's own action answered it (the socket may tell the same a
   * moment later): still waiting (busy) stays, anything else was our doing and simply goes.
   */
  applyRequest(request: StaffJoinRequest): void {
    if (inQueue(request)) this.upsert(request);
    else this.remove(request.id);
  }

  /** Drops a request the API says is no longer ours to answer. */
  remove(id: string): void {
    this.set({ entries: removeEntry(this.snapshot.entries, id) });
  }

  private set(change: Partial<LiveQueueSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    this.listeners.forEach((listener) => listener());
  }

  private replace(requests: readonly StaffJoinRequest[]): void {
    const known = new Set(this.snapshot.entries.map((entry) => entry.request.id));
    const arrivals = this.snapshot.loaded ? requests.filter((request) => inQueue(request) && !known.has(request.id)) : [];
    this.set({ loaded: true, entries: replaceEntries(this.snapshot.entries, requests) });
    if (arrivals.length > 0) this.announce(arrivals);
  }

  private upsert(request: StaffJoinRequest): void {
    const { entries, added, marked } = upsertEntry(this.snapshot.entries, request, this.options.selfId);
    this.set({ entries });
    if (marked) this.scheduleMarkerRemoval(request.id);
    if (added && this.snapshot.loaded) this.announce([request]);
  }

  private announce(requests: StaffJoinRequest[]): void {
    this.arrivalListeners.forEach((listener) => listener(requests));
  }

  private scheduleMarkerRemoval(id: string): void {
    clearTimeout(this.markerTimers.get(id));
    this.markerTimers.set(
      id,
      setTimeout(() => {
        this.markerTimers.delete(id);
        const entry = this.snapshot.entries.find((candidate) => candidate.request.id === id);
        if (entry?.taken) this.remove(id);
      }, TAKEN_MARKER_MS),
    );
  }

  private handle(message: ServerLobbyMessage): void {
    switch (message.type) {
      case 'queue':
        // The new socket's list is the truth, whatever the fallback said meanwhile.
        return this.replace(message.requests);
      case 'request':
        return this.upsert(message.request);
      default:
        // pong is only there to be heard; `bye` is the line's to act on; `agenda` the agenda's; `status` is for visitors.
        return;
    }
  }

  private linkChanged(status: LinkStatus, closeCode: number | null): void {
    // Said by the queue that follows at once, or at start by the line's list (no notice of its own: the list comes with it).
    if (status === 'up') this.snapshot = { ...this.snapshot, connection: 'open' };
    // Refused (the session ended, or one socket too many): the line tries no more; the page still polls.
    else if (status === 'refused') this.set({ connection: closeCode === LOBBY_CLOSE.tooManyConnections ? 'too-many' : 'offline' });
    else if (status === 'down' && this.snapshot.connection !== 'offline') this.set({ connection: 'offline' });
  }
}
