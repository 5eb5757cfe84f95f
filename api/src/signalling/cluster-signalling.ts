import type { FastifyBaseLogger } from 'fastify';
import type { Peer, SignalPayload } from '@incontra/contracts/realtime/signalling';
import type { SignallingPresence } from '../video-room/room-participants';
import { BridgeSide } from './cluster-signalling-bridge';
import { OwnerSide, WS_SERVICE_RESTART } from './cluster-signalling-owner';
import { channelOf, decode, type Answer, type Question, type WireMessage } from './cluster-signalling-wire';
import type { PubSub, Unsubscribe } from '../realtime/pubsub';
import { inProcessRoomOwnership, type RoomOwnership } from './room-ownership';
import { SignallingHub, type GoneReason, type JoinOutcome, type RoomKey, type SignallingEndpoint } from './signalling-hub';

/** What a signalling socket, the video room and the room-full check ask of the rooms. */
export interface SignallingRooms extends SignallingPresence {
  join(room: RoomKey, peer: Peer, endpoint: SignallingEndpoint, maxParticipants: number | null): Promise<JoinOutcome>;
  leave(room: RoomKey, identity: string, endpoint: SignallingEndpoint, reason: 'left' | 'lost'): void;
  /** False when nobody by that name is present (or the owner could not be reached). */
  relay(room: RoomKey, from: string, to: string, data: SignalPayload, via: SignallingEndpoint): Promise<boolean>;
  isMember(companyId: string, roomId: string, identity: string): Promise<boolean>;
  shutdown(): Promise<void>;
}

/** Told on the owning process, once, when a member is gone for good (left, lost past the grace, kicked). */
export type OnMemberGone = (room: RoomKey, identity: string, reason: GoneReason) => void | Promise<void>;

export interface ClusterTiming {
  /** How long another process has to answer a question. */
  answerTimeoutMs: number;
  /** How often owners and bridges check that the other side still runs. */
  watchMs: number;
}

export const DEFAULT_CLUSTER_TIMING: ClusterTiming = { answerTimeoutMs: 5000, watchMs: 3000 };

export interface ClusterSignallingOptions {
  log: FastifyBaseLogger;
  /** How long a lost socket keeps its seat (the contract's value otherwise). */
  graceMs?: number;
  /** In-process by default: this process runs every room. */
  ownership?: RoomOwnership;
  /** Needed when the ownership is shared between processes. */
  pubsub?: PubSub;
  onMemberGone?: OnMemberGone;
  timing?: ClusterTiming;
}

const JOIN_ATTEMPTS = 3;

/**
 * The rooms of every API process, seen from this one. Each room runs in the hub of its owning
 * process; a socket connected elsewhere is bridged to it over pub/sub. With the in-process
 * ownership every room is local and every call goes straight to the hub.
 */
export class ClusterSignalling implements SignallingRooms {
  readonly hub: SignallingHub;
  private readonly ownership: RoomOwnership;
  private owners: OwnerSide | null = null;
  private bridge: BridgeSide | null = null;
  private unsubscribe: Unsubscribe | null = null;
  private watchTimer: NodeJS.Timeout | null = null;
  private closed = false;

  private constructor(private readonly options: ClusterSignallingOptions) {
    this.ownership = options.ownership ?? inProcessRoomOwnership();
    this.hub = new SignallingHub({ reconnectGraceMs: options.graceMs, onGone: (room, identity, reason) => this.gone(room, identity, reason) });
  }

  /** One process alone: no pub/sub, nothing to start. */
  static local(options: Omit<ClusterSignallingOptions, 'ownership' | 'pubsub'>): ClusterSignalling {
    return new ClusterSignalling(options);
  }

  /** Listens on this process's channel when the rooms are shared with other processes. */
  static async start(options: ClusterSignallingOptions): Promise<ClusterSignalling> {
    const signalling = new ClusterSignalling(options);
    if (signalling.ownership.kind !== 'in-process') await signalling.connect();
    return signalling;
  }

  async join(room: RoomKey, peer: Peer, endpoint: SignallingEndpoint, maxParticipants: number | null): Promise<JoinOutcome> {
    if (this.closed) throw new Error('signalling is shutting down');
    if (this.ownership.ownsLocally(room)) return this.joinHere(room, peer, endpoint, maxParticipants);
    for (let attempt = 0; attempt < JOIN_ATTEMPTS && !this.closed; attempt += 1) {
      const owner = await this.ownership.claim(room);
      if (owner === this.ownership.processId) return this.joinHere(room, peer, endpoint, maxParticipants);
      const outcome = await this.requireBridge().join(owner, room, peer, endpoint, maxParticipants);
      if (outcome !== 'not-owner') return outcome;
    }
    throw new Error(`room ${room.companyId}/${room.roomId} could not be joined`);
  }

  leave(room: RoomKey, identity: string, endpoint: SignallingEndpoint, reason: 'left' | 'lost'): void {
    if (this.bridge?.isBridged(endpoint)) return this.bridge.leave(endpoint, reason);
    this.hub.leave(room, identity, endpoint, reason);
  }

  async relay(room: RoomKey, from: string, to: string, data: SignalPayload, via: SignallingEndpoint): Promise<boolean> {
    if (!this.bridge?.isBridged(via)) return this.hub.relay(room, from, to, data);
    try {
      return await this.bridge.relay(via, to, data);
    } catch (error) {
      this.options.log.warn({ err: error }, 'a signal could not be relayed to the process running the room');
      return false;
    }
  }

  isMember(companyId: string, roomId: string, identity: string): Promise<boolean> {
    return this.ask({ op: 'is-member', room: { companyId, roomId }, identity }, false) as Promise<boolean>;
  }

  presence(companyId: string, roomId: string, newcomer?: Peer['role']): Promise<number> {
    return this.ask({ op: 'presence', room: { companyId, roomId }, newcomer }, 0) as Promise<number>;
  }

  kick(companyId: string, roomId: string, identity: string): Promise<boolean> {
    return this.ask({ op: 'kick', room: { companyId, roomId }, identity }, false) as Promise<boolean>;
  }

  /**
   * Server shutdown: the hub forgets everybody, bridged sockets here are lost to their owners,
   * sockets bridged to this owner are told to reconnect, and the rooms are given up.
   */
  async shutdown(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.watchTimer) clearInterval(this.watchTimer);
    this.hub.shutdown();
    this.owners?.shutdown();
    this.bridge?.shutdown();
    await this.unsubscribe?.();
    await this.ownership.close();
  }

  private joinHere(room: RoomKey, peer: Peer, endpoint: SignallingEndpoint, maxParticipants: number | null): JoinOutcome {
    const outcome = this.hub.join(room, peer, endpoint, maxParticipants);
    this.releaseIfEmpty(room);
    return outcome;
  }

  /**
   * Asked here when this process runs the room, of its owner otherwise; nobody runs an empty room.
   * An owner that does not answer may have just given the room up: asked again of the one that
   * runs it now, if that changed.
   */
  private async ask(question: Question, nobody: Answer): Promise<Answer> {
    if (this.ownership.ownsLocally(question.room)) return this.answer(question);
    const owner = await this.ownership.ownerOf(question.room);
    try {
      return await this.askOf(owner, question, nobody);
    } catch (error) {
      const now = await this.ownership.ownerOf(question.room, true);
      if (now === owner) throw error;
      return this.askOf(now, question, nobody);
    }
  }

  private askOf(owner: string | null, question: Question, nobody: Answer): Promise<Answer> | Answer {
    if (owner === null) return nobody;
    if (owner === this.ownership.processId) return this.answer(question);
    return this.requireBridge().question(owner, question);
  }

  private answer(question: Question): Answer {
    const { companyId, roomId } = question.room;
    switch (question.op) {
      case 'presence':
        return this.hub.presence(companyId, roomId, question.newcomer);
      case 'is-member':
        return this.hub.isMember(companyId, roomId, question.identity);
      case 'kick':
        return this.hub.kick(companyId, roomId, question.identity);
    }
  }

  private gone(room: RoomKey, identity: string, reason: GoneReason): void {
    const report = (error: unknown) => this.options.log.error({ err: error, identity, reason }, 'a member gone from a room could not be handled');
    try {
      void Promise.resolve(this.options.onMemberGone?.(room, identity, reason)).catch(report);
    } catch (error) {
      report(error);
    }
    this.releaseIfEmpty(room);
  }

  private releaseIfEmpty(room: RoomKey): void {
    if (this.hub.presence(room.companyId, room.roomId) > 0) return;
    this.ownership.release(room).catch((error: unknown) => this.options.log.warn({ err: error }, 'a room lease could not be given up'));
  }

  private async connect(): Promise<void> {
    const { pubsub, log } = this.options;
    if (!pubsub) throw new Error('rooms shared between processes need a pub/sub');
    const timing = this.options.timing ?? DEFAULT_CLUSTER_TIMING;
    const publish = (processId: string, message: WireMessage) => {
      pubsub
        .publish(channelOf(processId), JSON.stringify(message))
        .catch((error: unknown) => log.warn({ err: error }, 'a signalling message could not be published'));
    };
    this.owners = new OwnerSide({
      hub: this.hub,
      ownership: this.ownership,
      publish,
      answer: (question) => this.answer(question),
      afterJoin: (room) => this.releaseIfEmpty(room),
      log,
    });
    this.bridge = new BridgeSide({ ownership: this.ownership, publish, answerTimeoutMs: timing.answerTimeoutMs, log });
    // A room taken over by another process (this one's lease lapsed): its sockets start again there.
    this.ownership.onLost((room) => {
      for (const endpoint of this.hub.evict(room)) endpoint.close(WS_SERVICE_RESTART);
    });
    this.unsubscribe = await pubsub.subscribe(channelOf(this.ownership.processId), (raw) => this.receive(raw));
    this.watchTimer = setInterval(() => void this.watch(), timing.watchMs);
    this.watchTimer.unref();
  }

  private receive(raw: string): void {
    const message = decode(raw);
    if (!message || this.closed) return;
    if (message.type === 'send' || message.type === 'close' || message.type === 'answer') this.bridge?.receive(message);
    else this.owners?.receive(message);
  }

  private async watch(): Promise<void> {
    try {
      await this.owners?.watch();
      await this.bridge?.watch();
    } catch (error) {
      this.options.log.warn({ err: error }, 'the processes of bridged rooms could not be checked');
    }
  }

  private requireBridge(): BridgeSide {
    if (!this.bridge) throw new Error('this process runs every room: nothing to bridge');
    return this.bridge;
  }
}
