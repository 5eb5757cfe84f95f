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
import { SocketLink, type Backoff, type LinkStatus, type SocketLike } from '@incontra/mfe-kit/realtime/socket-link';
import type { LeaveReason } from '../types';
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
  /** The join answer's `signallingPath`, on `origin` (the page's own by default). */
  path: string;
  origin?: string;
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

/** 500 ms growing by the spec's factor, capped at 5 s. */
export const SIGNALLING_BACKOFF: Backoff = { firstMs: 500, maxMs: 5000, factor: VIDEO_PROVIDER.reconnectBackoffFactor };

/**
 * The local engine's line to the signalling hub (the kit's socket link): hello with the room
 * token, welcome, relayed signals. A lost socket is retried with backoff and the same token (the
 * server swaps the old socket for the new one, peers stay); `bye` ends it for good.
 */
export class SignallingClient extends Emitter<SignallingEvents> {
  private readonly link: SocketLink<ServerSignallingMessage, ClientSignallingMessage>;
  private closed = false;
  private welcomed = false;
  private outbox: ClientSignallingMessage[] = [];
  /** Only a server that beats can be caught being silent: an older one that never does is pinged on. */
  private serverBeats = false;

  constructor(options: SignallingClientOptions) {
    super();
    this.link = new SocketLink({
      path: options.path,
      origin: options.origin,
      createSocket: options.createSocket,
      schema: serverSignallingMessageSchema,
      hello: { type: 'hello', token: options.token },
      openTimeoutMs: VIDEO_PROVIDER.websocketOpenTimeoutMs,
      welcome: { is: (message) => message.type === 'welcome', timeoutMs: VIDEO_PROVIDER.welcomeTimeoutMs },
      heartbeat: {
        intervalMs: SIGNALLING.heartbeatIntervalMs,
        silenceLimitMs: SIGNALLING.heartbeatIntervalMs * VIDEO_PROVIDER.maxMissedHeartbeats,
        ping: { type: 'heartbeat' },
        watchSilence: () => this.serverBeats,
      },
      backoff: SIGNALLING_BACKOFF,
      finalCloseCodes: Object.keys(FINAL_CLOSE_CODES).map(Number),
      onMessage: (message) => this.handle(message),
      onStatus: (status, closeCode) => this.linkChanged(status, closeCode),
    });
  }

  get ready(): boolean {
    return this.link.status === 'up';
  }

  start(): void {
    if (!this.closed) this.link.start();
  }

  /** Relays a signal to `to`; queued while the socket is down. */
  signal(to: string, data: SignalPayload): void {
    if (this.closed) return;
    const message: ClientSignallingMessage = { type: 'signal', to, data };
    if (this.ready && this.link.send(message)) return;
    this.outbox.push(message);
    if (this.outbox.length > OUTBOX_LIMIT) this.outbox.shift();
  }

  /**
   * Leaves for good: `bye` (the others see us leave at once), then the socket closes. Said on any
   * open socket, welcomed or not: after `hello` the server may have seated us already (the welcome
   * on its way), and a socket closed without a goodbye keeps that seat for the grace period.
   */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.link.send({ type: 'bye' });
    this.link.close();
    this.outbox = [];
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
    this.welcomed = true;
    const queued = this.outbox;
    this.outbox = [];
    for (const message of queued) this.link.send(message);
    this.emit('welcome', self, peers);
  }

  private linkChanged(status: LinkStatus, closeCode: number | null): void {
    if (status === 'refused' && closeCode !== null) return this.end(FINAL_CLOSE_CODES[closeCode] ?? 'unauthorized');
    // The welcomed socket is gone; the link is already trying again.
    if (status === 'down' && this.welcomed) {
      this.welcomed = false;
      this.emit('lost');
    }
  }

  private end(reason: ByeReason): void {
    if (this.closed) return;
    this.closed = true;
    this.link.close();
    this.outbox = [];
    this.emit('ended', reason);
  }
}
