import type { FastifyBaseLogger } from 'fastify';
import type { ServerSignallingMessage } from '@incontra/contracts/realtime/signalling';
import type { Answer, ToBridge, ToOwner } from './cluster-signalling-wire';
import type { RoomOwnership } from './room-ownership';
import type { RoomKey, SignallingEndpoint, SignallingHub } from './signalling-hub';

/** Closing with this makes a browser reconnect (it is not one of the final codes) — to the new owner. */
export const WS_SERVICE_RESTART = 1012;

export interface OwnerSideOptions {
  hub: SignallingHub;
  ownership: RoomOwnership;
  publish(processId: string, message: ToBridge): void;
  /** The answers to `ask`, as this process's own hub gives them. */
  answer(question: Extract<ToOwner, { type: 'ask' }>['question']): Answer;
  /** After a join here, so that a room taken and left empty is given up. */
  afterJoin(room: RoomKey): void;
  log: FastifyBaseLogger;
}

/** Where a bridged socket is: the process holding it (`bridge`), its id there, its room and member. */
interface RemoteSocket {
  bridge: string;
  sid: string;
  room: RoomKey;
  identity: string;
}

/**
 * A socket of another process, as this owner's hub sees it: what the hub writes to it, or the
 * close it asks for, goes back over pub/sub to the process holding the real socket.
 */
class RemoteEndpoint implements SignallingEndpoint {
  constructor(
    readonly remote: RemoteSocket,
    private readonly owner: OwnerSide,
  ) {}

  send(message: ServerSignallingMessage): void {
    this.owner.toBridge(this, { type: 'send', sid: this.remote.sid, message });
  }

  close(code: number): void {
    this.owner.forget(this);
    this.owner.toBridge(this, { type: 'close', sid: this.remote.sid, code });
  }
}

const keyOf = (bridge: string, sid: string) => `${bridge}/${sid}`;

type ToSocket = { type: 'send'; sid: string; message: ServerSignallingMessage } | { type: 'close'; sid: string; code: number };

/**
 * The owning process's side of the bridge: the sockets of other processes that are members of
 * the rooms this process runs. Their requests are handled one after the other, in the order
 * they were published, so that a leave never overtakes the join it follows.
 */
export class OwnerSide {
  private readonly remotes = new Map<string, RemoteEndpoint>();
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly options: OwnerSideOptions) {}

  receive(message: ToOwner): void {
    this.queue = this.queue
      .then(() => this.handle(message))
      .catch((error: unknown) => this.options.log.error({ err: error, type: message.type }, 'signalling request of another process failed'));
  }

  toBridge(endpoint: RemoteEndpoint, message: ToSocket): void {
    this.options.publish(endpoint.remote.bridge, { ...message, from: this.options.ownership.processId });
  }

  forget(endpoint: RemoteEndpoint): void {
    const key = keyOf(endpoint.remote.bridge, endpoint.remote.sid);
    if (this.remotes.get(key) === endpoint) this.remotes.delete(key);
  }

  /** A bridging process that stopped running takes its sockets with it: they are lost. */
  async watch(): Promise<void> {
    const bridges = new Set([...this.remotes.values()].map((endpoint) => endpoint.remote.bridge));
    for (const bridge of bridges) {
      if (await this.options.ownership.isAlive(bridge)) continue;
      this.options.log.warn({ process: bridge }, 'a process bridging signalling sockets is gone');
      for (const endpoint of [...this.remotes.values()]) {
        if (endpoint.remote.bridge !== bridge) continue;
        this.forget(endpoint);
        this.options.hub.leave(endpoint.remote.room, endpoint.remote.identity, endpoint, 'lost');
      }
    }
  }

  /** This process stops: the bridged sockets are closed so that they reconnect to the next owner. */
  shutdown(): void {
    for (const endpoint of [...this.remotes.values()]) endpoint.close(WS_SERVICE_RESTART);
  }

  private async handle(message: ToOwner): Promise<void> {
    const { hub, ownership } = this.options;
    const reply = (rid: number, value: Answer) => this.options.publish(message.from, { type: 'answer', from: ownership.processId, rid, value });
    switch (message.type) {
      case 'join': {
        const { room, peer, sid, rid } = message;
        // The bridge may know an owner that has given the room up since; take it back or redirect.
        if (!ownership.ownsLocally(room) && (await ownership.claim(room)) !== ownership.processId) return reply(rid, 'not-owner');
        const endpoint = new RemoteEndpoint({ bridge: message.from, sid, room, identity: peer.identity }, this);
        this.remotes.set(keyOf(message.from, sid), endpoint);
        const outcome = hub.join(room, peer, endpoint, message.maxParticipants);
        if (outcome === 'room-full') this.forget(endpoint);
        this.options.afterJoin(room);
        return reply(rid, outcome);
      }
      case 'leave': {
        const endpoint = this.remotes.get(keyOf(message.from, message.sid));
        if (!endpoint) return;
        this.forget(endpoint);
        hub.leave(endpoint.remote.room, endpoint.remote.identity, endpoint, message.reason);
        return;
      }
      case 'relay': {
        const endpoint = this.remotes.get(keyOf(message.from, message.sid));
        if (!endpoint) {
          // A socket this process does not know (it took the room over meanwhile): start it again.
          this.options.publish(message.from, { type: 'close', from: ownership.processId, sid: message.sid, code: WS_SERVICE_RESTART });
          return reply(message.rid, false);
        }
        return reply(message.rid, hub.relay(endpoint.remote.room, endpoint.remote.identity, message.to, message.data));
      }
      case 'ask':
        return reply(message.rid, this.options.answer(message.question));
    }
  }
}
