import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import {
  clientSignallingMessageSchema,
  SIGNALLING,
  SIGNALLING_CLOSE,
  type ClientSignallingMessage,
  type Peer,
  type ServerSignallingMessage,
} from '@incontra/contracts/realtime/signalling';
import type { SignallingRooms } from './cluster-signalling';
import type { AuthorizeRoomToken } from './room-access';
import type { RoomKey, SignallingEndpoint } from './signalling-hub';
import { credentialKey, TOO_MANY_CONNECTIONS_REASON, type SocketCaps } from '../realtime/socket-caps';
import { FrameGate } from '../realtime/socket-frames';
import { SocketLiveness } from '../realtime/socket-liveness';
import type { Slot, SlotCounter } from '../realtime/socket-slots';

export type SignallingLimits = { [K in Exclude<keyof typeof SIGNALLING, 'path'>]: number };

export const DEFAULT_SIGNALLING_LIMITS: SignallingLimits = { ...SIGNALLING };

/** The signalling socket's caps: per client address (at the upgrade) and per room token. */
export type SignallingCaps = Pick<SocketCaps, 'perAddress' | 'perRoomToken'>;

export interface SignallingSessionOptions {
  socket: WebSocket;
  /** The rooms, wherever they run: here, or on the process that owns them. */
  rooms: SignallingRooms;
  authorize: AuthorizeRoomToken;
  limits: SignallingLimits;
  caps: SignallingCaps;
  /** The route's socket counter (the address slot is taken before the session starts). */
  slots: SlotCounter;
  log: FastifyBaseLogger;
}

type BadReason = Extract<ServerSignallingMessage, { type: 'bad' }>['reason'];

/** Refusals a well-behaved client can cause by a race (its peer just left) do not count as abuse. */
const HARMLESS: ReadonlySet<BadReason> = new Set(['unknown-peer']);

const WS_NORMAL_CLOSURE = 1000;
const WS_INTERNAL_ERROR = 1011;

/**
 * One signalling socket from open to close: `hello` within the time limit, then signals,
 * heartbeats and `bye`. Each message costs a token of the socket's bucket; refused messages are
 * answered with `bad` and the socket stays open until too many of them pile up.
 */
export class SignallingSession implements SignallingEndpoint {
  private state: 'waiting' | 'authorizing' | 'joined' | 'closed' = 'waiting';
  private room: RoomKey | null = null;
  private self: Peer | null = null;
  /** Its place under its room token, from `hello` until it closes. */
  private slot: Slot | null = null;
  /** It said `bye`: a seat its join gives after that is left, not lost (no grace to keep it for). */
  private saidBye = false;
  private readonly frames: FrameGate<ClientSignallingMessage>;
  private readonly liveness: SocketLiveness;
  private readonly socket: WebSocket;

  constructor(private readonly options: SignallingSessionOptions) {
    const { socket } = options;
    this.socket = socket;
    this.frames = new FrameGate(clientSignallingMessageSchema, options.limits);
    // A dead socket is terminated; its close event then announces the member lost.
    this.liveness = new SocketLiveness({
      socket,
      limits: options.limits,
      handlers: { helloTimedOut: () => this.state === 'waiting' && this.close(SIGNALLING_CLOSE.helloTimeout) },
    });
    socket.on('message', (data, isBinary) => this.receive(data, isBinary));
    socket.on('close', () => this.closed());
  }

  send(message: ServerSignallingMessage): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }

  /**
   * Closes the socket with an application code. A member still in its room leaves it now, as
   * `lost`, rather than when the closing handshake ends; when the hub itself put it out (kick,
   * replacement) or it said `bye`, it is no longer the member and nothing more is announced.
   */
  close(code: number, reason?: string): void {
    this.liveness.stop();
    this.state = 'closed';
    this.releaseSlot();
    if (this.room && this.self) this.options.rooms.leave(this.room, this.self.identity, this, 'lost');
    this.socket.close(code, reason);
  }

  private receive(data: RawData, isBinary: boolean): void {
    if (this.state === 'closed') return;
    this.liveness.heard();
    const frame = this.frames.read(data, isBinary);
    if (!frame.ok) return this.refuse(frame.refusal);
    const { message } = frame;
    switch (message.type) {
      case 'hello':
        if (this.state !== 'waiting') return this.refuse(this.state === 'joined' ? 'malformed' : 'not-ready');
        void this.hello(message.token);
        return;
      case 'signal':
        if (this.state !== 'joined' || !this.room || !this.self) return this.refuse('not-ready');
        void this.relay(this.room, this.self.identity, message);
        return;
      case 'heartbeat':
        this.send({ type: 'heartbeat' });
        return;
      case 'bye':
        this.saidBye = true;
        if (this.room && this.self) this.options.rooms.leave(this.room, this.self.identity, this, 'left');
        this.close(WS_NORMAL_CLOSURE);
        return;
    }
  }

  private async hello(token: string): Promise<void> {
    this.state = 'authorizing';
    this.liveness.helloArrived();
    // Counted by the token presented, before it is checked (a database read): a flood of one
    // token is refused at once; a forged token only fills its own count.
    this.slot = this.options.slots.take(credentialKey('room', token), this.options.caps.perRoomToken);
    if (!this.slot) {
      this.options.log.debug('signalling socket refused: too many for this room token');
      this.close(SIGNALLING_CLOSE.tooManyConnections, TOO_MANY_CONNECTIONS_REASON);
      return;
    }
    let access: Awaited<ReturnType<AuthorizeRoomToken>>;
    try {
      access = await this.options.authorize(token, (claims) => this.options.rooms.isMember(claims.cid, claims.rid, claims.sub));
    } catch (error) {
      // Not the token's fault (the database, say): no `bye unauthorized`, so the client retries.
      this.options.log.error({ err: error }, 'signalling hello could not be checked');
      if (this.state === 'authorizing') this.close(WS_INTERNAL_ERROR);
      return;
    }
    if (this.state !== 'authorizing') return;
    if (!access) return this.dismiss('unauthorized', SIGNALLING_CLOSE.unauthorized);
    const { claims, maxParticipants } = access;
    const room = { companyId: claims.cid, roomId: claims.rid };
    const self: Peer = { identity: claims.sub, displayName: claims.name, role: claims.role };
    // Joined before the welcome goes out, so that nothing sent in answer finds it not ready.
    this.state = 'joined';
    this.room = room;
    this.self = self;
    let outcome: Awaited<ReturnType<SignallingRooms['join']>>;
    try {
      outcome = await this.options.rooms.join(room, self, this, maxParticipants);
    } catch (error) {
      // The process running the room did not answer: the client tries again, maybe elsewhere.
      this.options.log.error({ err: error }, 'signalling join could not be completed');
      if (this.state === 'joined') this.close(WS_INTERNAL_ERROR);
      return;
    }
    if (outcome === 'room-full') {
      this.room = null;
      this.self = null;
      this.dismiss('room-full', SIGNALLING_CLOSE.roomFull);
      return;
    }
    // The socket went while the room was being reached: its leave may have come too early.
    if (this.isClosed()) this.options.rooms.leave(room, self.identity, this, this.saidBye ? 'left' : 'lost');
  }

  /** Read through a method: the state changes while `hello` awaits, which narrowing cannot see. */
  private isClosed(): boolean {
    return this.state === 'closed';
  }

  private async relay(room: RoomKey, from: string, message: Extract<ClientSignallingMessage, { type: 'signal' }>): Promise<void> {
    if (!(await this.options.rooms.relay(room, from, message.to, message.data, this))) this.refuse('unknown-peer');
  }

  private refuse(reason: BadReason): void {
    if (this.frames.strike(HARMLESS.has(reason) ? 0 : 1)) return this.dismiss('abuse', SIGNALLING_CLOSE.tooManyBadMessages);
    this.send({ type: 'bad', reason });
  }

  private dismiss(reason: Extract<ServerSignallingMessage, { type: 'bye' }>['reason'], code: number): void {
    this.send({ type: 'bye', reason });
    this.close(code);
  }

  private releaseSlot(): void {
    this.slot?.release();
    this.slot = null;
  }

  /** The socket is gone: whatever the reason, a member that did not say goodbye is announced lost. */
  private closed(): void {
    this.liveness.stop();
    this.state = 'closed';
    this.releaseSlot();
    if (this.room && this.self) this.options.rooms.leave(this.room, this.self.identity, this, 'lost');
  }
}
