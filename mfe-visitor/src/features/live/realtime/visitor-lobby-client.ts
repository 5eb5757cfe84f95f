import { isFinal, type VisitorJoinRequest } from '@incontra/contracts/api/join-requests';
import { ApiRequestError } from '@incontra/contracts/http';
import {
  LOBBY,
  LOBBY_CLOSE,
  LOBBY_RECONNECT_BACKOFF,
  serverLobbyMessageSchema,
  type ClientLobbyMessage,
  type ServerLobbyMessage,
} from '@incontra/contracts/realtime/lobby';
import { SocketLink, type LinkStatus, type SocketLike } from '@incontra/mfe-kit/realtime/socket-link';

export type { SocketLike };

/** `connecting`: the first socket is on its way; `live`: pushed updates; `polling`: the fallback. */
export type LobbyLinkMode = 'connecting' | 'live' | 'polling';

export interface VisitorLobbyClientOptions {
  /** Where the lobby socket is; the page's own origin by default. */
  origin?: string;
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

/** LOBBY's reconnection delays: its base growing by 1.5, capped. */

/**
 * The server refused the socket for good: the request is over (4004); our `hello` (4001; the
 * status call decides whether the request is gone); one socket too many (4030). After the last
 * two, polling carries on alone.
 */
const FINAL_CLOSE_CODES = [LOBBY_CLOSE.closed, LOBBY_CLOSE.unauthorized, LOBBY_CLOSE.tooManyConnections];

const MODES: Record<LinkStatus, LobbyLinkMode | null> = { connecting: 'connecting', up: 'live', down: 'polling', refused: 'polling', closed: null };

/**
 * A waiting visitor's line to the lobby: `hello` with the request's credentials, then every
 * status the server pushes. When the socket cannot open, or drops, the client polls the status
 * call instead (it also keeps the request alive: the server withdraws requests whose visitor is
 * silent) while the link retries the socket; the socket back, polling stops. A final status ends
 * everything: nothing more can happen to the request.
 */
export class VisitorLobbyClient {
  private mode: LobbyLinkMode = 'connecting';
  private readonly link: SocketLink<ServerLobbyMessage, ClientLobbyMessage>;

  constructor(private readonly options: VisitorLobbyClientOptions) {
    this.link = new SocketLink({
      path: LOBBY.path,
      origin: options.origin,
      createSocket: options.createSocket,
      schema: serverLobbyMessageSchema,
      hello: { type: 'hello', role: 'visitor', requestId: options.requestId, token: options.token },
      // A handshake that hangs (a proxy swallowing upgrades) must not leave the visitor without news.
      openTimeoutMs: LOBBY.helloTimeoutMs,
      heartbeat: { intervalMs: LOBBY.heartbeatIntervalMs, silenceLimitMs: LOBBY.heartbeatIntervalMs * 3, ping: { type: 'ping' } },
      backoff: LOBBY_RECONNECT_BACKOFF,
      finalCloseCodes: FINAL_CLOSE_CODES,
      fallback: { intervalMs: LOBBY.pollIntervalMs, poll: (signal) => this.poll(signal) },
      onMessage: (message) => this.received(message),
      onStatus: (status, closeCode) => this.linkChanged(status, closeCode),
    });
  }

  get currentMode(): LobbyLinkMode {
    return this.mode;
  }

  start(): void {
    this.link.start();
  }

  /** Leaves for good (the page goes, or the request is no longer this client's business). */
  stop(): void {
    this.link.close();
  }

  private received(message: ServerLobbyMessage): void {
    if (message.type === 'status') this.status(message.request);
    // The request is over: the server closes the socket next, and nothing is to be polled for.
    else if (message.type === 'bye' && message.reason === 'closed') this.stop();
  }

  private linkChanged(status: LinkStatus, closeCode: number | null): void {
    if (closeCode === LOBBY_CLOSE.closed) return this.stop();
    const mode = MODES[status];
    if (!mode || mode === this.mode) return;
    this.mode = mode;
    this.options.onMode?.(mode);
  }

  private async poll(signal: AbortSignal): Promise<void> {
    try {
      const request = await this.options.poll();
      if (!signal.aborted) this.status(request);
    } catch (error) {
      // Any failure but 404 is tried again at the next interval: a blip on the network is no reason to give up.
      if (signal.aborted || !(error instanceof ApiRequestError && error.status === 404)) return;
      this.stop();
      this.options.onGone?.();
    }
  }

  private status(request: VisitorJoinRequest): void {
    if (request.id !== this.options.requestId) return;
    this.options.onStatus(request);
    if (isFinal(request.status)) this.stop();
  }
}
