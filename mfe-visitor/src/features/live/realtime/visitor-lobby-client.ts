import { isFinal, type VisitorJoinRequest } from '@incontra/contracts/api/join-requests';
import { ApiRequestError } from '@incontra/contracts/http';
import { LOBBY, LOBBY_CLOSE, serverLobbyMessageSchema, type ClientLobbyMessage } from '@incontra/contracts/realtime/lobby';
import { openSocket, parseSocketMessage, reconnectDelay, releaseSocket, sendJson, socketUrl, type SocketLike } from '@incontra/mfe-kit/realtime/socket-link';
import { Heartbeat, OneTimer } from '@incontra/mfe-kit/realtime/socket-timers';

export type { SocketLike };

/** `connecting`: the first socket is on its way; `live`: pushed updates; `polling`: the fallback. */
export type LobbyLinkMode = 'connecting' | 'live' | 'polling';

export interface VisitorLobbyClientOptions {
  url: string;
  requestId: string;
  token: string;
  /** POST /api/video-room/join-request/{id}: the request's status without a socket. */
  poll(): Promise<VisitorJoinRequest>;
  onStatus(request: VisitorJoinRequest): void;
  onMode?(mode: LobbyLinkMode): void;
  /** The request is not known any more (the status call answers 404): nothing will ever come. */
  onGone?(): void;
  createSocket?(url: string): SocketLike;
}

/** Silence longer than this on an open socket means it is dead, whatever the browser thinks. */
const SILENCE_LIMIT_MS = LOBBY.heartbeatIntervalMs * 3;

/** `path` on this page's origin, as ws: or wss:. */
export function lobbyUrl(path: string = LOBBY.path, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return socketUrl(path, location);
}

/** Delay before reconnection attempt `attempt` (0-based): LOBBY's base growing by 1.5, capped. */
export function lobbyReconnectDelay(attempt: number): number {
  return reconnectDelay(attempt, { firstMs: LOBBY.reconnectBaseMs, maxMs: LOBBY.reconnectMaxMs, factor: 1.5 });
}

/**
 * A waiting visitor's line to the lobby: `hello` with the request's credentials, then every
 * status the server pushes. When the socket cannot open, or drops, the client polls the status
 * call instead (it also keeps the request alive: the server withdraws requests whose visitor is
 * silent) while retrying the socket with backoff; the socket back, polling stops. A final status
 * ends everything: nothing more can happen to the request.
 */
export class VisitorLobbyClient {
  private socket: SocketLike | null = null;
  private mode: LobbyLinkMode = 'connecting';
  private finished = false;
  private attempt = 0;
  private readonly reconnectTimer = new OneTimer();
  private readonly openTimer = new OneTimer();
  private readonly pollTimer = new OneTimer();
  private readonly heartbeat = new Heartbeat({
    intervalMs: LOBBY.heartbeatIntervalMs,
    silenceLimitMs: SILENCE_LIMIT_MS,
    beat: () => this.send({ type: 'ping' }),
    // Gives up on a socket that says nothing, without waiting for the browser to notice.
    silent: () => this.socket && this.drop(this.socket),
  });
  /** Bumped whenever polling stops, so that an answer still on its way is dropped. */
  private pollRound = 0;
  private polling = false;
  /**
   * The server refused the socket for good: our `hello` (4001; the status call decides whether
   * the request is gone), or one socket too many (4030). Polling carries on alone.
   */
  private refused = false;

  constructor(private readonly options: VisitorLobbyClientOptions) {}

  get currentMode(): LobbyLinkMode {
    return this.mode;
  }

  start(): void {
    this.connect();
  }

  /** Leaves for good (the page goes, or the request is no longer this client's business). */
  stop(): void {
    this.finished = true;
    this.stopPolling();
    this.reconnectTimer.cancel();
    this.closeSocket(1000);
  }

  private connect(): void {
    if (this.finished) return;
    const socket = openSocket(this.options.url, this.options.createSocket);
    if (!socket) return this.lost();
    this.socket = socket;
    socket.onopen = () => this.opened(socket);
    socket.onmessage = (event) => this.received(socket, event.data);
    socket.onclose = (event) => this.closed(socket, event.code);
    // An error is always followed by a close: that is where the fallback starts.
    socket.onerror = () => undefined;
    // A handshake that hangs (a proxy swallowing upgrades) must not leave the visitor without news.
    this.openTimer.start(LOBBY.helloTimeoutMs, () => this.drop(socket));
  }

  private opened(socket: SocketLike): void {
    if (socket !== this.socket) return;
    this.openTimer.cancel();
    this.attempt = 0;
    this.send({ type: 'hello', role: 'visitor', requestId: this.options.requestId, token: this.options.token });
    this.heartbeat.start();
    this.stopPolling();
    this.setMode('live');
  }

  private received(socket: SocketLike, data: unknown): void {
    if (socket !== this.socket || typeof data !== 'string') return;
    this.heartbeat.heard();
    const message = parseSocketMessage(data, serverLobbyMessageSchema);
    if (!message) return;
    if (message.type === 'status') this.status(message.request);
    else if (message.type === 'bye' && message.reason === 'closed') this.finished = true;
  }

  private closed(socket: SocketLike, code: number): void {
    if (socket !== this.socket) return;
    this.socket = null;
    this.clearSocketTimers();
    if (code === LOBBY_CLOSE.closed) this.finished = true;
    if (code === LOBBY_CLOSE.unauthorized || code === LOBBY_CLOSE.tooManyConnections) this.refused = true;
    this.lost();
  }

  /** Gives up on a socket that says nothing or opens too slowly, without waiting for the browser to notice. */
  private drop(socket: SocketLike): void {
    if (socket !== this.socket) return;
    this.closeSocket(4000);
    this.lost();
  }

  private lost(): void {
    if (this.finished) return;
    this.startPolling();
    // A refused socket is not retried: the polling answers either the status or 404 (gone).
    if (this.refused) return;
    const delay = lobbyReconnectDelay(this.attempt);
    this.attempt += 1;
    this.reconnectTimer.start(delay, () => this.connect());
  }

  private status(request: VisitorJoinRequest): void {
    if (request.id !== this.options.requestId) return;
    this.options.onStatus(request);
    if (isFinal(request.status)) {
      this.finished = true;
      this.stopPolling();
      this.reconnectTimer.cancel();
    }
  }

  private startPolling(): void {
    this.setMode('polling');
    if (this.polling) return;
    this.polling = true;
    const round = this.pollRound;
    const pollOnce = () => {
      this.options.poll().then(
        (request) => {
          if (round !== this.pollRound) return;
          this.status(request);
          if (!this.finished) this.pollTimer.start(LOBBY.pollIntervalMs, pollOnce);
        },
        (error: unknown) => {
          if (round !== this.pollRound) return;
          if (error instanceof ApiRequestError && error.status === 404) {
            this.stop();
            this.options.onGone?.();
            return;
          }
          // Any other failure is tried again: a blip on the network is no reason to give up.
          this.pollTimer.start(LOBBY.pollIntervalMs, pollOnce);
        },
      );
    };
    pollOnce();
  }

  private stopPolling(): void {
    this.polling = false;
    this.pollRound += 1;
    this.pollTimer.cancel();
  }

  private send(message: ClientLobbyMessage): void {
    if (this.socket) sendJson(this.socket, message);
  }

  private closeSocket(code: number): void {
    const socket = this.socket;
    this.socket = null;
    this.clearSocketTimers();
    if (socket) releaseSocket(socket, code);
  }

  private clearSocketTimers(): void {
    this.openTimer.cancel();
    this.heartbeat.stop();
  }

  private setMode(mode: LobbyLinkMode): void {
    if (mode === this.mode) return;
    this.mode = mode;
    this.options.onMode?.(mode);
  }
}
