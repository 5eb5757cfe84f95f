import { VIDEO_PROVIDER } from '@incontra/contracts/constants';
import {
  SIGNALLING,
  SIGNALLING_CLOSE,
  serverSignallingMessageSchema,
  type ClientSignallingMessage,
  type Peer,
  type ServerSignallingMessage,
  type SignalPayload,
} from '@incontra/contracts/realtime/signalling';
import type { LeaveReason } from '../types';
import { reconnectDelay } from './backoff';
import { Emitter } from '../../media/emitter';

/** What the client needs of a WebSocket (tests hand in a fake). */
export type SocketLike = Pick<WebSocket, 'readyState' | 'send' | 'close' | 'onopen' | 'onmessage' | 'onclose' | 'onerror'>;

export type ByeReason = Extract<ServerSignallingMessage, { type: 'bye' }>['reason'];

export interface SignallingEvents {
  /** Every (re)connection ends with one: who I am and who is in the room now. */
  welcome: (self: Peer, peers: Peer[]) => void;
  peerJoined: (peer: Peer) => void;
  peerLeft: (identity: string, reason: LeaveReason) => void;
  signal: (from: string, data: SignalPayload) => void;
  /** The welcomed socket is gone; the client is already trying again. */
  lost: () => void;
  /** The server put us out (bye, or a final close code): no more attempts. */
  ended: (reason: ByeReason) => void;
}

export interface SignallingClientOptions {
  url: string;
  token: string;
  createSocket?: (url: string) => SocketLike;
}

/** Close codes after which trying again with the same token is pointless. */
const FINAL_CLOSE_CODES: Record<number, ByeReason> = {
  [SIGNALLING_CLOSE.unauthorized]: 'unauthorized',
  [SIGNALLING_CLOSE.kicked]: 'kicked',
  [SIGNALLING_CLOSE.roomFull]: 'room-full',
  [SIGNALLING_CLOSE.replaced]: 'replaced',
  [SIGNALLING_CLOSE.tooManyBadMessages]: 'abuse',
};

/** Signals written while the socket is down wait here (an answer must not be lost to a blip). */
const OUTBOX_LIMIT = 500;
const OPEN = 1;

/** `signallingPath` on this page's origin, as ws: or wss:. */
export function signallingUrl(path: string, origin: string): string {
  const url = new URL(path, origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/**
 * The local engine's line to the signalling hub: hello with the room token, welcome, relayed
 * signals. A lost socket is retried with backoff and the same token (the server swaps the old
 * socket for the new one, peers stay); `bye` ends it for good.
 */
export class SignallingClient extends Emitter<SignallingEvents> {
  private socket: SocketLike | null = null;
  private welcomed = false;
  private closed = false;
  private attempt = 0;
  private outbox: ClientSignallingMessage[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private lastHeard = 0;
  private serverBeats = false;

  constructor(private readonly options: SignallingClientOptions) {
    super();
  }

  get ready(): boolean {
    return this.welcomed;
  }

  start(): void {
    if (this.closed || this.socket) return;
    this.open();
  }

  /** Relays a signal to `to`; queued while the socket is down. */
  signal(to: string, data: SignalPayload): void {
    this.post({ type: 'signal', to, data });
  }

  /** Leaves for good: `bye` (the others see us leave at once), then the socket closes. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    const socket = this.socket;
    if (socket && this.welcomed) this.write(socket, { type: 'bye' });
    this.abandonSocket(1000);
    this.clearTimer();
    this.outbox = [];
  }

  private post(message: ClientSignallingMessage): void {
    if (this.closed) return;
    if (this.socket && this.welcomed) {
      this.write(this.socket, message);
      return;
    }
    this.outbox.push(message);
    if (this.outbox.length > OUTBOX_LIMIT) this.outbox.shift();
  }

  private write(socket: SocketLike, message: ClientSignallingMessage): void {
    if (socket.readyState !== OPEN) return;
    try {
      socket.send(JSON.stringify(message));
    } catch {
      // A socket closing under us: its close event starts the reconnection.
    }
  }

  private open(): void {
    const create = this.options.createSocket ?? ((url: string) => new WebSocket(url));
    let socket: SocketLike;
    try {
      socket = create(this.options.url);
    } catch {
      this.retry();
      return;
    }
    this.socket = socket;
    this.setTimer(VIDEO_PROVIDER.websocketOpenTimeoutMs, () => this.dropSocket());
    const sayHello = () => {
      this.write(socket, { type: 'hello', token: this.options.token });
      this.setTimer(VIDEO_PROVIDER.welcomeTimeoutMs, () => this.dropSocket());
    };
    socket.onopen = sayHello;
    socket.onmessage = (event) => this.receive(event.data);
    socket.onerror = () => undefined;
    socket.onclose = (event) => this.socketClosed(event.code);
    // A socket opened ahead of time (warm-socket.ts) may be open already.
    if (socket.readyState === OPEN) sayHello();
  }

  private receive(raw: unknown): void {
    if (typeof raw !== 'string') return;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return;
    }
    const parsed = serverSignallingMessageSchema.safeParse(json);
    if (!parsed.success) return;
    this.lastHeard = Date.now();
    this.handle(parsed.data);
  }

  private handle(message: ServerSignallingMessage): void {
    switch (message.type) {
      case 'welcome':
        return this.welcome(message.self, message.peers);
      case 'peer-joined':
        return this.emit('peerJoined', message.peer);
      case 'peer-left':
        return this.emit('peerLeft', message.identity, message.reason);
      case 'signal':
        return this.emit('signal', message.from, message.data);
      case 'heartbeat':
        this.serverBeats = true;
        return;
      case 'bye':
        return this.end(message.reason);
      case 'bad':
        // A refused message (an ICE candidate for someone who just left): nothing to undo.
        return;
    }
  }

  private welcome(self: Peer, peers: Peer[]): void {
    this.clearTimer();
    this.welcomed = true;
    this.attempt = 0;
    this.startHeartbeat();
    const socket = this.socket;
    const queued = this.outbox;
    this.outbox = [];
    if (socket) for (const message of queued) this.write(socket, message);
    this.emit('welcome', self, peers);
  }

  private end(reason: ByeReason): void {
    if (this.closed) return;
    this.closed = true;
    this.abandonSocket(1000);
    this.clearTimer();
    this.emit('ended', reason);
  }

  private socketClosed(code: number): void {
    const final = FINAL_CLOSE_CODES[code];
    if (final) {
      this.end(final);
      return;
    }
    this.dropSocket();
  }

  /** Gives up on the current socket (closed, silent or too slow) and schedules the next one. */
  private dropSocket(): void {
    if (this.closed) return;
    const wasWelcomed = this.welcomed;
    this.abandonSocket(4000);
    if (wasWelcomed) this.emit('lost');
    this.retry();
  }

  private retry(): void {
    if (this.closed) return;
    const delay = reconnectDelay(this.attempt);
    this.attempt += 1;
    this.setTimer(delay, () => this.open());
  }

  private abandonSocket(code: number): void {
    this.stopHeartbeat();
    this.welcomed = false;
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    // Detached first: a late event of a socket we gave up on must not touch the new one.
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
    try {
      socket.close(code);
    } catch {
      // Already closing.
    }
  }

  private startHeartbeat(): void {
    this.stopHeartbeat();
    this.lastHeard = Date.now();
    this.heartbeat = setInterval(() => {
      const socket = this.socket;
      if (!socket) return;
      // Only a server that beats can be caught being silent.
      const silence = Date.now() - this.lastHeard;
      if (this.serverBeats && silence > SIGNALLING.heartbeatIntervalMs * VIDEO_PROVIDER.maxMissedHeartbeats) {
        this.dropSocket();
        return;
      }
      this.write(socket, { type: 'heartbeat' });
    }, SIGNALLING.heartbeatIntervalMs);
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  private setTimer(ms: number, run: () => void): void {
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      run();
    }, ms);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
