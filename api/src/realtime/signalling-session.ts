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
import type { AuthorizeRoomToken } from './room-access';
import type { RoomKey, SignallingEndpoint, SignallingHub } from './signalling-hub';
import { TokenBucket } from './token-bucket';

export type SignallingLimits = { [K in Exclude<keyof typeof SIGNALLING, 'path'>]: number };

export const DEFAULT_SIGNALLING_LIMITS: SignallingLimits = { ...SIGNALLING };

export interface SignallingSessionOptions {
  hub: SignallingHub;
  authorize: AuthorizeRoomToken;
  limits: SignallingLimits;
  log: FastifyBaseLogger;
}

type BadReason = Extract<ServerSignallingMessage, { type: 'bad' }>['reason'];

/** Refusals a well-behaved client can cause by a race (its peer just left) do not count as abuse. */
const HARMLESS: ReadonlySet<BadReason> = new Set(['unknown-peer']);

const WS_NORMAL_CLOSURE = 1000;
const WS_INTERNAL_ERROR = 1011;

function byteLength(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((total, chunk) => total + chunk.length, 0);
  return data instanceof ArrayBuffer ? data.byteLength : data.length;
}

function textOf(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8');
}

function parse(data: RawData, isBinary: boolean): ClientSignallingMessage | null {
  if (isBinary) return null;
  try {
    const parsed = clientSignallingMessageSchema.safeParse(JSON.parse(textOf(data)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * One signalling socket from open to close: `hello` within the time limit, then signals,
 * heartbeats and `bye`. Each message costs a token of the socket's bucket; refused messages are
 * answered with `bad` and the socket stays open until too many of them pile up.
 */
export class SignallingSession implements SignallingEndpoint {
  private state: 'waiting' | 'authorizing' | 'joined' | 'closed' = 'waiting';
  private room: RoomKey | null = null;
  private self: Peer | null = null;
  private badMessages = 0;
  private lastHeardAt = Date.now();
  private readonly bucket: TokenBucket;
  private readonly helloTimer: NodeJS.Timeout;
  private readonly livenessTimer: NodeJS.Timeout;

  constructor(
    private readonly socket: WebSocket,
    private readonly options: SignallingSessionOptions,
  ) {
    const { limits } = options;
    this.bucket = new TokenBucket(limits.rateBurst, limits.ratePerSecond);
    this.helloTimer = setTimeout(() => this.state === 'waiting' && this.close(SIGNALLING_CLOSE.helloTimeout), limits.helloTimeoutMs);
    // Protocol pings, which browsers answer by themselves: a socket that stays silent through
    // several of them is gone, even when its TCP connection has not noticed yet.
    this.livenessTimer = setInterval(() => this.checkLiveness(), limits.heartbeatIntervalMs);
    this.helloTimer.unref();
    this.livenessTimer.unref();
    socket.on('message', (data, isBinary) => this.receive(data, isBinary));
    socket.on('pong', () => this.heard());
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
  close(code: number): void {
    this.stopTimers();
    this.state = 'closed';
    if (this.room && this.self) this.options.hub.leave(this.room, this.self.identity, this, 'lost');
    this.socket.close(code);
  }

  private receive(data: RawData, isBinary: boolean): void {
    if (this.state === 'closed') return;
    this.heard();
    if (!this.bucket.take()) return this.refuse('rate-limited');
    if (byteLength(data) > this.options.limits.maxMessageBytes) return this.refuse('too-large');
    const message = parse(data, isBinary);
    if (!message) return this.refuse('malformed');
    switch (message.type) {
      case 'hello':
        if (this.state !== 'waiting') return this.refuse(this.state === 'joined' ? 'malformed' : 'not-ready');
        void this.hello(message.token);
        return;
      case 'signal':
        if (this.state !== 'joined' || !this.room || !this.self) return this.refuse('not-ready');
        if (!this.options.hub.relay(this.room, this.self.identity, message.to, message.data)) this.refuse('unknown-peer');
        return;
      case 'heartbeat':
        this.send({ type: 'heartbeat' });
        return;
      case 'bye':
        if (this.room && this.self) this.options.hub.leave(this.room, this.self.identity, this, 'left');
        this.close(WS_NORMAL_CLOSURE);
        return;
    }
  }

  private async hello(token: string): Promise<void> {
    this.state = 'authorizing';
    clearTimeout(this.helloTimer);
    let access: Awaited<ReturnType<AuthorizeRoomToken>>;
    try {
      access = await this.options.authorize(token, (claims) => this.options.hub.isMember(claims.cid, claims.rid, claims.sub));
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
    if (this.options.hub.join(room, self, this, maxParticipants) === 'room-full') {
      this.room = null;
      this.self = null;
      this.dismiss('room-full', SIGNALLING_CLOSE.roomFull);
    }
  }

  private refuse(reason: BadReason): void {
    if (!HARMLESS.has(reason)) this.badMessages += 1;
    if (this.badMessages > this.options.limits.maxBadMessages) return this.dismiss('abuse', SIGNALLING_CLOSE.tooManyBadMessages);
    this.send({ type: 'bad', reason });
  }

  private dismiss(reason: Extract<ServerSignallingMessage, { type: 'bye' }>['reason'], code: number): void {
    this.send({ type: 'bye', reason });
    this.close(code);
  }

  private heard(): void {
    this.lastHeardAt = Date.now();
  }

  private checkLiveness(): void {
    const { heartbeatIntervalMs, maxMissedHeartbeats } = this.options.limits;
    if (Date.now() - this.lastHeardAt > heartbeatIntervalMs * maxMissedHeartbeats) {
      this.stopTimers();
      this.socket.terminate();
      return;
    }
    if (this.socket.readyState === this.socket.OPEN) this.socket.ping();
  }

  /** The socket is gone: whatever the reason, a member that did not say goodbye is announced lost. */
  private closed(): void {
    this.stopTimers();
    this.state = 'closed';
    if (this.room && this.self) this.options.hub.leave(this.room, this.self.identity, this, 'lost');
  }

  private stopTimers(): void {
    clearTimeout(this.helloTimer);
    clearInterval(this.livenessTimer);
  }
}
