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
import { openSocket, parseSocketMessage, releaseSocket, sendJson, SOCKET_OPEN, socketUrl, type SocketLike } from '@incontra/mfe-kit/realtime/socket-link';
import { Heartbeat, OneTimer } from '@incontra/mfe-kit/realtime/socket-timers';
import type { LeaveReason } from '../types';
import { reconnectDelay } from './backoff';
import { Emitter } from '../../media/emitter';

export type { SocketLike };

/** Why the server put us out: a `bye` reason, or a final close code that comes without one (4030). */
export type ByeReason = Extract<ServerSignallingMessage, { type: 'bye' }>['reason'] | 'too-many-connections';

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
  // Another attempt would be one socket too many again: the room ends with its error message.
  [SIGNALLING_CLOSE.tooManyConnections]: 'too-many-connections',
};

/** Signals written while the socket is down wait here (an answer must not be lost to a blip). */
const OUTBOX_LIMIT = 500;

/** `signallingPath` on this page's origin, as ws: or wss:. */
export function signallingUrl(path: string, origin: string): string {
  return socketUrl(path, new URL(origin));
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
  /** The open or welcome deadline of the socket on its way, or the wait before the next one. */
  private readonly timer = new OneTimer();
  private serverBeats = false;
  private readonly heartbeat = new Heartbeat({
    intervalMs: SIGNALLING.heartbeatIntervalMs,
    silenceLimitMs: SIGNALLING.heartbeatIntervalMs * VIDEO_PROVIDER.maxMissedHeartbeats,
    beat: () => this.beat(),
    // Only a server that beats can be caught being silent: an older one that never does is pinged on.
    silent: () => (this.serverBeats ? this.dropSocket() : this.beat()),
  });

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

  /**
   * Leaves for good: `bye` (the others see us leave at once), then the socket closes. Said on any
   * open socket, welcomed or not: after `hello` the server may have seated us already (the welcome
   * on its way), and a socket closed without a goodbye keeps that seat for the grace period.
   */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    const socket = this.socket;
    if (socket) this.write(socket, { type: 'bye' });
    this.abandonSocket(1000);
    this.timer.cancel();
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
    sendJson(socket, message);
  }

  private open(): void {
    const socket = openSocket(this.options.url, this.options.createSocket);
    if (!socket) return this.retry();
    this.socket = socket;
    this.timer.start(VIDEO_PROVIDER.websocketOpenTimeoutMs, () => this.dropSocket());
    const sayHello = () => {
      this.write(socket, { type: 'hello', token: this.options.token });
      this.timer.start(VIDEO_PROVIDER.welcomeTimeoutMs, () => this.dropSocket());
    };
    socket.onopen = sayHello;
    socket.onmessage = (event) => this.receive(event.data);
    socket.onerror = () => undefined;
    socket.onclose = (event) => this.socketClosed(event.code);
    // A socket opened ahead of time (warm-socket.ts) may be open already.
    if (socket.readyState === SOCKET_OPEN) sayHello();
  }

  private receive(raw: unknown): void {
    const message = parseSocketMessage(raw, serverSignallingMessageSchema);
    if (!message) return;
    this.heartbeat.heard();
    this.handle(message);
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
    this.timer.cancel();
    this.welcomed = true;
    this.attempt = 0;
    this.heartbeat.start();
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
    this.timer.cancel();
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
    this.timer.start(delay, () => this.open());
  }

  private abandonSocket(code: number): void {
    this.heartbeat.stop();
    this.welcomed = false;
    const socket = this.socket;
    this.socket = null;
    if (socket) releaseSocket(socket, code);
  }

  private beat(): void {
    if (this.socket) this.write(this.socket, { type: 'heartbeat' });
  }
}
