/**
 * The one reconnecting socket client of the remotes (the visitor's and the staff's lobby, the
 * room's signalling, and whatever needs a live line next): it opens the socket on the page's
 * origin, says the protocol's hello, keeps a heartbeat and a watch for silence, reconnects with
 * backoff, polls a fallback while the socket is down, and hands the owner every frame its schema
 * accepts. Each client keeps only its protocol: what the messages mean.
 */
import { detachSocket, openSocket, parseSocketMessage, releaseSocket, sendJson, SOCKET_OPEN } from './socket-frames';
import { Heartbeat, OneTimer, Poller, type PollerOptions } from './socket-timers';

/** What the link needs of a WebSocket (tests hand in a fake). */
export type SocketLike = Pick<WebSocket, 'readyState' | 'send' | 'close' | 'onopen' | 'onmessage' | 'onclose' | 'onerror'>;

/** What a contract schema offers (zod's `safeParse`), whatever the message type. */
export interface MessageSchema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false };
}

export interface Backoff {
  /** The delay before the first new attempt. */
  firstMs: number;
  maxMs: number;
  /** Each further attempt waits this many times longer, up to `maxMs`. */
  factor: number;
}

/** Delay before reconnection attempt `attempt` (0-based), in whole milliseconds. */
export function reconnectDelay(attempt: number, backoff: Backoff): number {
  return Math.min(backoff.maxMs, Math.round(backoff.firstMs * backoff.factor ** attempt));
}

/** `path` on `origin` (the page's own by default), as ws: or wss:. */
export function socketUrl(path: string, origin: string = window.location.origin): string {
  const { protocol, host } = new URL(origin);
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${path}`;
}

/**
 * `connecting`: the first socket is on its way; `up`: open, and welcomed for a protocol with a
 * welcome; `down`: lost, the next attempt is scheduled and the fallback polls; `refused`: the
 * server closed it with a final code, no more attempts (the fallback polls on until `close()`);
 * `closed`: the owner let go (not reported: the owner knows).
 */
export type LinkStatus = 'connecting' | 'up' | 'down' | 'refused' | 'closed';

export interface LinkHeartbeat<Sent> {
  intervalMs: number;
  /** Heard nothing for longer than this, the socket is taken for dead (whatever the browser thinks). */
  silenceLimitMs: number;
  /** Sent every interval while the link is up. */
  ping: Sent;
  /** Whether silence proves anything yet (a server that never beats cannot be caught silent); yes by default. */
  watchSilence?(): boolean;
}

export interface SocketLinkOptions<Received, Sent> {
  /** The socket's path, on `origin` (the page's own by default). */
  path: string;
  origin?: string;
  /** Builds the socket: a test's fake, a socket opened ahead of time; the browser's WebSocket otherwise. */
  createSocket?: (url: string) => SocketLike;
  /** Frames it does not accept are ignored. */
  schema: MessageSchema<Received>;
  /** Sent as soon as each socket is open. */
  hello?: Sent;
  /** A socket not open by then is given up and retried. */
  openTimeoutMs: number;
  /**
   * For a server that answers hello with a welcome: the link is up at the frame `is` accepts,
   * not at open. `timeoutMs` is a fresh deadline from the hello; without it, the open deadline
   * runs on until the welcome.
   */
  welcome?: { is(message: Received): boolean; timeoutMs?: number };
  heartbeat?: LinkHeartbeat<Sent>;
  backoff: Backoff;
  /** Close codes by which the server says "do not come back": no more attempts. */
  finalCloseCodes?: readonly number[];
  /** Called while the link is down or refused (at once, then every interval), stopped once it is up. */
  fallback?: PollerOptions;
  onMessage(message: Received): void;
  /** Every change of status, with the close code that caused it when a close did. */
  onStatus?(status: LinkStatus, closeCode: number | null): void;
}

/** Closes a socket the link gave up on (silent, too slow, refused by the protocol); 4000–4999 are the application's. */
export const GIVEN_UP_CLOSE_CODE = 4000;

/**
 * One socket at a time, and a new one whenever it is lost, until a final close code or
 * `close()`. Events of a socket it let go of are ignored. Framework-free: the owner adapts it.
 */
export class SocketLink<Received, Sent> {
  private socket: SocketLike | null = null;
  private current: LinkStatus = 'connecting';
  private started = false;
  private attempt = 0;
  /** The open or welcome deadline of the socket on its way. */
  private readonly deadline = new OneTimer();
  private readonly retry = new OneTimer();
  private readonly heartbeat: Heartbeat | null;
  private readonly fallback: Poller | null;

  constructor(private readonly options: SocketLinkOptions<Received, Sent>) {
    const beat = options.heartbeat;
    this.heartbeat = beat
      ? new Heartbeat({
          intervalMs: beat.intervalMs,
          silenceLimitMs: beat.silenceLimitMs,
          beat: () => this.send(beat.ping),
          silent: () => ((beat.watchSilence?.() ?? true) ? this.drop() : this.send(beat.ping)),
        })
      : null;
    this.fallback = options.fallback ? new Poller(options.fallback) : null;
  }

  get status(): LinkStatus {
    return this.current;
  }

  /** Opens the first socket; once only. */
  start(): void {
    if (this.started || this.current === 'closed') return;
    this.started = true;
    this.connect();
  }

  /** Sends on the current socket if it is open (welcomed or not); answers whether it went. */
  send(message: Sent): boolean {
    return this.socket ? sendJson(this.socket, message) : false;
  }

  /** Gives up on the current socket (the protocol says it is no good) and tries again after the backoff. */
  drop(): void {
    const socket = this.forgetSocket();
    if (!socket) return;
    releaseSocket(socket, GIVEN_UP_CLOSE_CODE);
    this.lost(null);
  }

  /**
   * The protocol said "do not come back" in a message rather than with a close code (a session
   * the server ended): the same as a final close code, no more attempts, the fallback polls on.
   */
  refuse(): void {
    if (this.current === 'closed' || this.current === 'refused') return;
    this.retry.cancel();
    const socket = this.forgetSocket();
    if (socket) releaseSocket(socket, 1000);
    this.refused(null);
  }

  /** Lets go for good: the socket closes, nothing is retried, polled or reported any more. */
  close(): void {
    if (this.current === 'closed') return;
    this.current = 'closed';
    this.retry.cancel();
    this.fallback?.stop();
    const socket = this.forgetSocket();
    if (socket) releaseSocket(socket, 1000);
  }

  private connect(): void {
    const socket = openSocket(socketUrl(this.options.path, this.options.origin), this.options.createSocket);
    if (!socket) return this.lost(null);
    this.socket = socket;
    socket.onopen = () => this.opened(socket);
    socket.onmessage = (event) => this.received(socket, event.data);
    socket.onclose = (event) => this.closedByServer(socket, event.code);
    // An error is always followed by a close: that is where the link reacts.
    socket.onerror = () => undefined;
    // A handshake that hangs (a proxy swallowing upgrades) must not leave the owner without news.
    this.deadline.start(this.options.openTimeoutMs, () => this.giveUp(socket));
    // A socket opened ahead of time may be open already.
    if (socket.readyState === SOCKET_OPEN) this.opened(socket);
  }

  private opened(socket: SocketLike): void {
    if (socket !== this.socket) return;
    if (this.options.hello !== undefined) this.send(this.options.hello);
    const welcome = this.options.welcome;
    if (!welcome) return this.up();
    if (welcome.timeoutMs !== undefined) this.deadline.start(welcome.timeoutMs, () => this.giveUp(socket));
  }

  private received(socket: SocketLike, data: unknown): void {
    if (socket !== this.socket) return;
    this.heartbeat?.heard();
    const message = parseSocketMessage(data, this.options.schema);
    if (message === null) return;
    if (this.current !== 'up' && this.options.welcome?.is(message)) this.up();
    // The owner may have closed the link on hearing it is up.
    if (socket !== this.socket) return;
    this.options.onMessage(message);
  }

  private closedByServer(socket: SocketLike, code: number): void {
    if (socket !== this.socket) return;
    this.forgetSocket();
    if (this.options.finalCloseCodes?.includes(code)) this.refused(code);
    else this.lost(code);
  }

  private giveUp(socket: SocketLike): void {
    if (socket === this.socket) this.drop();
  }

  private up(): void {
    this.deadline.cancel();
    this.attempt = 0;
    this.heartbeat?.start();
    this.fallback?.stop();
    this.setStatus('up', null);
  }

  private lost(closeCode: number | null): void {
    if (this.current === 'closed') return;
    const delay = reconnectDelay(this.attempt, this.options.backoff);
    this.attempt += 1;
    this.retry.start(delay, () => this.connect());
    this.setStatus('down', closeCode);
    this.startFallback();
  }

  private refused(closeCode: number | null): void {
    this.setStatus('refused', closeCode);
    this.startFallback();
  }

  private startFallback(): void {
    // The owner may have closed the link on hearing the news.
    if (this.current !== 'closed') this.fallback?.start();
  }

  private setStatus(status: LinkStatus, closeCode: number | null): void {
    if (status === this.current) return;
    this.current = status;
    this.options.onStatus?.(status, closeCode);
  }

  /** Stops listening to the current socket and its timers; answers it, for the caller to close. */
  private forgetSocket(): SocketLike | null {
    const socket = this.socket;
    this.socket = null;
    this.deadline.cancel();
    this.heartbeat?.stop();
    if (socket) detachSocket(socket);
    return socket;
  }
}
