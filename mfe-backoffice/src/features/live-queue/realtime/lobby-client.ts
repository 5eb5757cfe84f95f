import type { StaffJoinRequest } from '@incontra/contracts/api/join-requests';
import { LOBBY, LOBBY_CLOSE, serverLobbyMessageSchema, type ClientLobbyMessage, type ServerLobbyMessage } from '@incontra/contracts/realtime/lobby';
import { openSocket, parseSocketMessage, releaseSocket, sendJson, type SocketLike } from '@incontra/mfe-kit/realtime/socket-link';
import { Heartbeat, OneTimer } from '@incontra/mfe-kit/realtime/socket-timers';
import { reconnectDelay } from './backoff';
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
  url: string;
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

/**
 * The staff console's line to the lobby: `hello`, then the live queue and its changes. A lost
 * socket is retried with backoff; in between the page refreshes the list over HTTP
 * (`applyFallback`), and the `queue` of the next socket is the truth again. Framework-free: React
 * reads it through `subscribe`/`getSnapshot`.
 */
export class LobbyClient {
  private snapshot: LiveQueueSnapshot = { connection: 'connecting', loaded: false, entries: [] };
  private readonly listeners = new Set<() => void>();
  private readonly arrivalListeners = new Set<(requests: StaffJoinRequest[]) => void>();
  private readonly markerTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private socket: SocketLike | null = null;
  private running = false;
  private ended = false;
  private attempt = 0;
  /** The welcome deadline of the socket on its way, or the wait before the next one. */
  private readonly timer = new OneTimer();
  private readonly heartbeat = new Heartbeat({
    intervalMs: LOBBY.heartbeatIntervalMs,
    silenceLimitMs: SILENCE_LIMIT_MS,
    beat: () => this.write({ type: 'ping' }),
    silent: () => this.dropSocket(),
  });

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
    if (this.running) return;
    this.running = true;
    if (!this.ended) this.open();
  }

  stop(): void {
    this.running = false;
    this.abandonSocket();
    this.timer.cancel();
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

  private open(): void {
    const socket = openSocket(this.options.url, this.options.createSocket);
    if (!socket) return this.dropSocket();
    this.socket = socket;
    this.timer.start(WELCOME_TIMEOUT_MS, () => this.dropSocket());
    socket.onopen = () => this.write({ type: 'hello', role: 'staff' });
    socket.onmessage = (event) => this.receive(event.data);
    socket.onerror = () => undefined;
    socket.onclose = (event) => this.socketClosed(event.code);
  }

  private write(message: ClientLobbyMessage): void {
    if (this.socket) sendJson(this.socket, message);
  }

  private receive(raw: unknown): void {
    const message = parseSocketMessage(raw, serverLobbyMessageSchema);
    if (!message) return;
    this.heartbeat.heard();
    this.handle(message);
  }

  private handle(message: ServerLobbyMessage): void {
    switch (message.type) {
      case 'queue':
        this.timer.cancel();
        this.attempt = 0;
        this.heartbeat.start();
        // The new socket's list is the truth, whatever the fallback said meanwhile.
        this.snapshot = { ...this.snapshot, connection: 'open' };
        return this.replace(message.requests);
      case 'request':
        return this.upsert(message.request);
      case 'bye':
        return message.reason === 'unauthorized' ? this.end() : this.dropSocket();
      default:
        // pong is only there to be heard; `status` is for visitors; `bad` refuses nothing we need.
        return;
    }
  }

  /** A refusal that another socket would get too (the session, or too many sockets) ends it; anything else is retried. */
  private socketClosed(code: number): void {
    if (code === LOBBY_CLOSE.unauthorized) return this.end();
    // Retrying would only add to the sockets the server counts; the page polls meanwhile.
    if (code === LOBBY_CLOSE.tooManyConnections) return this.end('too-many');
    this.dropSocket();
  }

  /** The session was refused: asking again with the same cookie is pointless (the page still polls). */
  private end(connection: 'offline' | 'too-many' = 'offline'): void {
    this.ended = true;
    this.abandonSocket();
    this.timer.cancel();
    this.set({ connection });
  }

  /** Gives up on the current socket (closed, silent or too slow) and schedules the next one. */
  private dropSocket(): void {
    this.abandonSocket();
    if (!this.running || this.ended) return;
    if (this.snapshot.connection !== 'offline') this.set({ connection: 'offline' });
    const delay = reconnectDelay(this.attempt);
    this.attempt += 1;
    this.timer.start(delay, () => this.open());
  }

  private abandonSocket(): void {
    this.heartbeat.stop();
    const socket = this.socket;
    this.socket = null;
    if (socket) releaseSocket(socket, 1000);
  }
}
