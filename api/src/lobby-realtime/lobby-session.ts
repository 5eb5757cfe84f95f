import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { clientLobbyMessageSchema, LOBBY, LOBBY_CLOSE, type ClientLobbyMessage, type ServerLobbyMessage } from '@incontra/contracts/realtime/lobby';
import { credentialKey, TOO_MANY_CONNECTIONS_REASON, type SocketCaps } from '../realtime/socket-caps';
import { FrameGate, type FrameLimits } from '../realtime/socket-frames';
import { SocketLiveness, type LivenessLimits } from '../realtime/socket-liveness';
import type { Slot, SlotCounter } from '../realtime/socket-slots';
import { WS_INTERNAL_ERROR, type LobbyEndpoint, type LobbyHub, type LobbyMembership } from './lobby-hub';
import type { StaffSessionWatch } from './staff-session-watch';

/** Refused messages beyond `maxBadMessages` close the socket with 4029. */
export type LobbyLimits = LivenessLimits &
  FrameLimits & {
    /** How often the session behind each open staff socket is checked again. */
    sessionCheckIntervalMs: number;
  };

/**
 * The contract's timings. Clients send `hello` once and a `ping` every heartbeat, so the bucket
 * is small. A staff member signed out elsewhere stops getting the queue within a heartbeat.
 */
export const DEFAULT_LOBBY_LIMITS: LobbyLimits = {
  helloTimeoutMs: LOBBY.helloTimeoutMs,
  maxMessageBytes: LOBBY.maxMessageBytes,
  heartbeatIntervalMs: LOBBY.heartbeatIntervalMs,
  maxMissedHeartbeats: 3,
  rateBurst: 10,
  ratePerSecond: 2,
  maxBadMessages: 10,
  sessionCheckIntervalMs: LOBBY.heartbeatIntervalMs,
};

/** The lobby socket's caps: per client address (at the upgrade), per staff session, per visitor. */
export type LobbyCaps = Pick<SocketCaps, 'perAddress' | 'perStaffSession' | 'perVisitorToken'>;

/** A staff member as the gate let them in, and how to ask later whether that still holds. */
export interface StaffAtGate {
  companyId: string;
  userId: string;
  /** The session the socket is counted under (a console open in many tabs is one session). */
  sessionId: string;
  /** False once the session is over (signed out, expired, user deactivated); a throw is no answer. */
  readonly stillSignedIn: () => Promise<boolean>;
}

/**
 * Who is at the other end, from the upgrade request. A refusal is null; a throw means the
 * question could not be answered (the database, say) and the client should try again.
 */
export interface LobbyGate {
  /** The signed-in staff member of the company of the Host, when the upgrade comes from that origin. */
  staff(request: FastifyRequest): Promise<StaffAtGate | null>;
  /** The company of the Host. */
  company(request: FastifyRequest): Promise<string | null>;
}

export interface LobbySessionOptions {
  socket: WebSocket;
  /** The upgrade's request (a staff console is known by its cookie). */
  request: FastifyRequest;
  hub: LobbyHub;
  gate: LobbyGate;
  limits: LobbyLimits;
  caps: LobbyCaps;
  /** The route's socket counter (the address slot is taken before the session starts). */
  slots: SlotCounter;
  /** The process's watch over staff sessions (one timer for all staff sockets). */
  watch: StaffSessionWatch;
  log: FastifyBaseLogger;
}

type BadReason = Extract<ServerLobbyMessage, { type: 'bad' }>['reason'];

/**
 * One lobby socket from open to close: `hello` within the time limit (a staff console, known by
 * the upgrade's cookie, or a visitor with its request's token), then the hub's messages and
 * `pong` to every `ping`; a staff console's session is watched and the socket dismissed once it
 * is over. Each message costs a token of the socket's bucket; refused ones are answered with
 * `bad` (a flood beyond the bucket silently) until too many pile up.
 */
export class LobbySession implements LobbyEndpoint {
  private state: 'waiting' | 'authorizing' | 'joined' | 'closed' = 'waiting';
  private membership: LobbyMembership | null = null;
  private unwatch: (() => void) | null = null;
  /** Its place under its staff session or visitor token, from `hello` until it closes. */
  private slot: Slot | null = null;
  private readonly frames: FrameGate<ClientLobbyMessage>;
  private readonly liveness: SocketLiveness;
  private readonly socket: WebSocket;
  private readonly request: FastifyRequest;

  constructor(private readonly options: LobbySessionOptions) {
    const { socket, request } = options;
    this.socket = socket;
    this.request = request;
    this.frames = new FrameGate(clientLobbyMessageSchema, options.limits);
    this.liveness = new SocketLiveness({
      socket,
      limits: options.limits,
      handlers: {
        helloTimedOut: () => this.state === 'waiting' && this.close(LOBBY_CLOSE.helloTimeout),
        // Out of the hub at once, not when the terminated socket's close event comes.
        dead: () => this.closed(),
      },
    });
    socket.on('message', (data, isBinary) => this.receive(data, isBinary));
    socket.on('close', () => this.closed());
  }

  send(message: ServerLobbyMessage): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }

  close(code: number, reason?: string): void {
    if (this.state === 'closed') return;
    this.closed();
    this.socket.close(code, reason);
  }

  private receive(data: RawData, isBinary: boolean): void {
    if (this.state === 'closed') return;
    this.liveness.heard();
    const frame = this.frames.read(data, isBinary);
    // Over the rate nothing is answered: replying would feed the flood.
    if (!frame.ok) return this.refuse(frame.refusal === 'rate-limited' ? null : frame.refusal);
    const { message } = frame;
    switch (message.type) {
      case 'ping':
        this.send({ type: 'pong' });
        return;
      case 'hello':
        if (this.state !== 'waiting') return this.refuse('unexpected');
        this.state = 'authorizing';
        this.liveness.helloArrived();
        void this.hello(message);
        return;
    }
  }

  private async hello(message: Extract<ClientLobbyMessage, { type: 'hello' }>): Promise<void> {
    const { hub, gate, caps } = this.options;
    let membership: LobbyMembership | null = null;
    let staff: StaffAtGate | null = null;
    try {
      if (message.role === 'staff') {
        staff = await gate.staff(this.request);
        // Counted once the session is known, before its queue is read.
        if (staff && !this.holdSlot(credentialKey('staff', staff.sessionId), caps.perStaffSession)) return;
        if (staff) membership = await hub.joinStaff(staff.companyId, staff.userId, this);
      } else {
        // Counted by the credentials presented, before anything is read: a wrong token only
        // fills its own count, never the real visitor's.
        if (!this.holdSlot(credentialKey('visitor', message.requestId, message.token), caps.perVisitorToken)) return;
        const companyId = await gate.company(this.request);
        if (companyId) membership = await hub.joinVisitor(companyId, message.requestId, message.token, this);
      }
    } catch (error) {
      // Not the client's fault: no `bye unauthorized`, so that it tries again.
      this.options.log.error({ err: error }, 'lobby hello could not be answered');
      this.close(WS_INTERNAL_ERROR);
      return;
    }
    if (this.state !== 'authorizing') {
      // Closed meanwhile (by the client, or by the hub with the request's final status).
      membership?.leave();
      return;
    }
    if (!membership) return this.dismiss();
    this.membership = membership;
    this.state = 'joined';
    if (staff) this.unwatch = this.options.watch.watch(staff.stillSignedIn, () => this.dismiss());
  }

  /**
   * Takes the socket's slot under `key`; over the cap the socket is closed with 4030 (false). A
   * socket closed while its hello was answered takes none: its close released what it held.
   */
  private holdSlot(key: string, limit: number): boolean {
    if (this.state !== 'authorizing') return false;
    this.slot = this.options.slots.take(key, limit);
    if (this.slot) return true;
    this.options.log.debug('lobby socket refused: too many for this session or visitor');
    this.close(LOBBY_CLOSE.tooManyConnections, TOO_MANY_CONNECTIONS_REASON);
    return false;
  }

  /** `reason` null: refused without an answer. */
  private refuse(reason: BadReason | null): void {
    if (this.frames.strike()) return this.close(LOBBY_CLOSE.badMessage);
    if (reason) this.send({ type: 'bad', reason });
  }

  private dismiss(): void {
    this.send({ type: 'bye', reason: 'unauthorized' });
    this.close(LOBBY_CLOSE.unauthorized);
  }

  /** The socket is gone, or going: whatever the reason, it leaves the hub now. */
  private closed(): void {
    this.liveness.stop();
    this.state = 'closed';
    this.unwatch?.();
    this.unwatch = null;
    this.membership?.leave();
    this.membership = null;
    this.slot?.release();
    this.slot = null;
  }
}
