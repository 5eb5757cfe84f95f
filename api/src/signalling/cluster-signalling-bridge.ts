import type { FastifyBaseLogger } from 'fastify';
import type { Peer, SignalPayload } from '@incontra/contracts/realtime/signalling';
import { WS_SERVICE_RESTART } from './cluster-signalling-owner';
import type { Answer, Question, ToBridge, ToOwner } from './cluster-signalling-wire';
import type { RoomOwnership } from './room-ownership';
import type { JoinOutcome, RoomKey, SignallingEndpoint } from './signalling-hub';

export interface BridgeSideOptions {
  ownership: RoomOwnership;
  publish(processId: string, message: ToOwner): void;
  /** How long an owner has to answer before the question fails. */
  answerTimeoutMs: number;
  log: FastifyBaseLogger;
}

interface Bridged {
  sid: string;
  owner: string;
  room: RoomKey;
  endpoint: SignallingEndpoint;
}

interface Waiting {
  resolve(value: Answer): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * The bridging process's side: sockets connected here whose room another process runs. What
 * they say goes to the owner; what the owner writes to them, or closes, comes back here.
 */
export class BridgeSide {
  private readonly bySid = new Map<string, Bridged>();
  private readonly byEndpoint = new Map<SignallingEndpoint, Bridged>();
  private readonly waiting = new Map<number, Waiting>();
  private lastSid = 0;
  private lastRid = 0;

  constructor(private readonly options: BridgeSideOptions) {}

  /** Joins through the owner; `not-owner` when it no longer runs the room. */
  async join(owner: string, room: RoomKey, peer: Peer, endpoint: SignallingEndpoint, maxParticipants: number | null): Promise<JoinOutcome | 'not-owner'> {
    this.lastSid += 1;
    const bridged: Bridged = { sid: String(this.lastSid), owner, room, endpoint };
    // Known before the join is published: the welcome comes back before the answer.
    this.bySid.set(bridged.sid, bridged);
    this.byEndpoint.set(endpoint, bridged);
    try {
      const outcome = (await this.ask(owner, (rid) => ({ type: 'join', from: this.self, rid, sid: bridged.sid, room, peer, maxParticipants }))) as
        JoinOutcome | 'not-owner';
      if (outcome === 'room-full' || outcome === 'not-owner') this.forget(bridged);
      return outcome;
    } catch (error) {
      this.forget(bridged);
      throw error;
    }
  }

  isBridged(endpoint: SignallingEndpoint): boolean {
    return this.byEndpoint.has(endpoint);
  }

  leave(endpoint: SignallingEndpoint, reason: 'left' | 'lost'): void {
    const bridged = this.byEndpoint.get(endpoint);
    if (!bridged) return;
    this.forget(bridged);
    this.options.publish(bridged.owner, { type: 'leave', from: this.self, sid: bridged.sid, reason });
  }

  async relay(endpoint: SignallingEndpoint, to: string, data: SignalPayload): Promise<boolean> {
    const bridged = this.byEndpoint.get(endpoint);
    if (!bridged) return false;
    return (await this.ask(bridged.owner, (rid) => ({ type: 'relay', from: this.self, rid, sid: bridged.sid, to, data }))) === true;
  }

  question(owner: string, question: Question): Promise<Answer> {
    return this.ask(owner, (rid) => ({ type: 'ask', from: this.self, rid, question }));
  }

  receive(message: ToBridge): void {
    switch (message.type) {
      case 'answer': {
        const waiting = this.waiting.get(message.rid);
        if (!waiting) return;
        this.waiting.delete(message.rid);
        clearTimeout(waiting.timer);
        waiting.resolve(message.value);
        return;
      }
      case 'send': {
        const bridged = this.bySid.get(message.sid);
        if (bridged) bridged.endpoint.send(message.message);
        // Nobody here any more (a join that timed out, say): the owner must let that seat go.
        else this.options.publish(message.from, { type: 'leave', from: this.self, sid: message.sid, reason: 'lost' });
        return;
      }
      case 'close': {
        const bridged = this.bySid.get(message.sid);
        if (!bridged) return;
        this.forget(bridged);
        bridged.endpoint.close(message.code);
        return;
      }
    }
  }

  /** An owner that gave a bridged room up, or stopped running, is gone: its sockets start again. */
  async watch(): Promise<void> {
    const rooms = new Map<string, Bridged[]>();
    for (const bridged of this.bySid.values()) {
      const key = `${bridged.owner} ${bridged.room.companyId}/${bridged.room.roomId}`;
      rooms.set(key, [...(rooms.get(key) ?? []), bridged]);
    }
    for (const sockets of rooms.values()) {
      const { owner, room } = sockets[0]!;
      if ((await this.options.ownership.ownerOf(room, true)) === owner) continue;
      this.options.log.warn({ owner, room }, 'the process running a bridged room is gone');
      for (const bridged of sockets) {
        this.forget(bridged);
        bridged.endpoint.close(WS_SERVICE_RESTART);
      }
    }
  }

  /** This process stops: its sockets are lost to their owners, who keep their seats for the grace. */
  shutdown(): void {
    for (const bridged of [...this.bySid.values()]) this.leave(bridged.endpoint, 'lost');
    for (const waiting of this.waiting.values()) {
      clearTimeout(waiting.timer);
      waiting.reject(new Error('signalling is shutting down'));
    }
    this.waiting.clear();
  }

  private get self(): string {
    return this.options.ownership.processId;
  }

  private ask(owner: string, message: (rid: number) => ToOwner): Promise<Answer> {
    this.lastRid += 1;
    const rid = this.lastRid;
    return new Promise<Answer>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(rid);
        reject(new Error(`signalling process ${owner} did not answer`));
      }, this.options.answerTimeoutMs);
      timer.unref();
      this.waiting.set(rid, { resolve, reject, timer });
      this.options.publish(owner, message(rid));
    });
  }

  private forget(bridged: Bridged): void {
    if (this.bySid.get(bridged.sid) === bridged) this.bySid.delete(bridged.sid);
    if (this.byEndpoint.get(bridged.endpoint) === bridged) this.byEndpoint.delete(bridged.endpoint);
  }
}
