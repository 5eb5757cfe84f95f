import type { StaffJoinRequest } from '@incontra/contracts/api/join-requests';
import {
  LOBBY,
  LOBBY_CLOSE,
  LOBBY_RECONNECT_BACKOFF,
  serverLobbyMessageSchema,
  type ClientLobbyMessage,
  type ServerLobbyMessage,
} from '@incontra/contracts/realtime/lobby';
import { SocketLink, type LinkStatus, type SocketLike } from '@incontra/mfe-kit/realtime/socket-link';
import { inQueue, removeEntry, replaceEntries, upsertEntry, type QueueEntry } from './queue-entries';

export type { SocketLike };

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
  /** Where the lobby socket is; the page's own origin by default. */
  origin?: string;
  /** The signed-in staff member: their own approvals are not shown as taken. */
  selfId: string;
  createSocket?: (url: string) => SocketLike;
}

/** How long a request taken by another staff member stays on screen with who took it. */
export const TAKEN_MARKER_MS = 5000;
/** The socket must be open and answered with `queue` within this time, or it is dropped and retried. */
export const WELCOME_TIMEOUT_MS = LOBBY.helloTimeoutMs * 2;
/** The server answers every ping: this long without a word means the connection is dead. */
export const SILENCE_LIMIT_MS = LOBBY.heartbeatIntervalMs * 3;
/** LOBBY's reconnection delays: its base growing by 1.5, capped. */

/**
 * The staff console's line to the lobby (the kit's socket link): `hello`, then the live queue and
 * its changes. A lost socket is retried with backoff; in between the page refreshes the list over
 * HTTP (`applyFallback`), and the `queue` of the next socket is the truth again. Framework-free:
 * React reads it through `subscribe`/`getSnapshot`.
 */
export class LobbyClient {
  private snapshot: LiveQueueSnapshot = { connection: 'connecting', loaded: false, entries: [] };
  private readonly listeners = new Set<() => void>();
  private readonly arrivalListeners = new Set<(requests: StaffJoinRequest[]) => void>();
  private readonly markerTimers = new Map<string, ReturnType<typeof setTimeout>>();
  /** The current socket link: a new one at each start, none after a refusal. */
  private link: SocketLink<ServerLobbyMessage, ClientLobbyMessage> | null = null;
  /** The server refused this session for good (or one socket too many): no new link. */
  private ended = false;

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
    if (this.link || this.ended) return;
    const link = new SocketLink<ServerLobbyMessage, ClientLobbyMessage>({
      path: LOBBY.path,
      origin: this.options.origin,
      createSocket: this.options.createSocket,
      schema: serverLobbyMessageSchema,
      hello: { type: 'hello', role: 'staff' },
      openTimeoutMs: WELCOME_TIMEOUT_MS,
      // Up when the queue comes; the open deadline runs on until then.
      welcome: { is: (message) => message.type === 'queue' },
      heartbeat: { intervalMs: LOBBY.heartbeatIntervalMs, silenceLimitMs: SILENCE_LIMIT_MS, ping: { type: 'ping' } },
      backoff: LOBBY_RECONNECT_BACKOFF,
      // Retrying would only get the same answer, or add to the sockets the server counts; the page polls meanwhile.
      finalCloseCodes: [LOBBY_CLOSE.unauthorized, LOBBY_CLOSE.tooManyConnections],
      onMessage: (message) => this.handle(message),
      onStatus: (status, closeCode) => this.linkChanged(status, closeCode),
    });
    this.link = link;
    link.start();
  }

  stop(): void {
    this.link?.close();
    this.link = null;
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
      case 'bye':
        if (message.reason === 'unauthorized') return this.end('offline');
        return this.link?.drop();
      default:
        // pong is only there to be heard; `status` is for visitors; `bad` refuses nothing we need.
        return;
    }
  }

  private linkChanged(status: LinkStatus, closeCode: number | null): void {
    // Said by the queue that follows at once (no notice of its own, the list comes with it).
    if (status === 'up') this.snapshot = { ...this.snapshot, connection: 'open' };
    else if (status === 'refused') this.end(closeCode === LOBBY_CLOSE.tooManyConnections ? 'too-many' : 'offline');
    else if (status === 'down' && this.snapshot.connection !== 'offline') this.set({ connection: 'offline' });
  }

  /** The session was refused: asking again with the same cookie is pointless (the page still polls). */
  private end(connection: 'offline' | 'too-many'): void {
    this.ended = true;
    this.link?.close();
    this.link = null;
    this.set({ connection });
  }
}
