import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { TtlCache } from '../cache/ttl-cache';
import { roomKeyOf, type RoomOwnership } from './room-ownership';
import type { RoomKey } from './signalling-hub';

export interface RoomLease {
  /** Before every key, so that deployments (or test runs) sharing a Redis stay apart. */
  keyPrefix: string;
  /** A lease not renewed this long lapses: how long a crashed owner's rooms stay unreachable. */
  leaseMs: number;
  /** How long a looked-up owner is believed without asking again. */
  cacheMs: number;
}

export interface RedisRoomOwnershipOptions extends RoomLease {
  redis: Redis;
  log: FastifyBaseLogger;
}

export const DEFAULT_ROOM_LEASE: RoomLease = { keyPrefix: 'incontra:', leaseMs: 10_000, cacheMs: 1000 };

/**
 * Renews a lease that is still ours, or takes back one that lapsed while nobody else took it
 * (a pause longer than the lease, say); 0 when another process holds the room now.
 */
const RENEW = `local owner = redis.call('get', KEYS[1])
if owner == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end
if not owner then redis.call('set', KEYS[1], ARGV[1], 'px', ARGV[2]) return 1 end
return 0`;

/** Gives a room up only if it is still ours. */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0`;

const CACHE_BOUND = 10_000;
const CLAIM_ATTEMPTS = 3;

/**
 * Room ownership as leases in Redis: `SET room NX PX` takes a room, renewed while this process
 * has members in it and given up when it empties. Each process also keeps a lease on its own
 * name, so that the others can tell it is still running.
 */
export class RedisRoomOwnership implements RoomOwnership {
  readonly kind = 'redis';
  readonly processId = randomUUID();
  private readonly held = new Map<string, RoomKey>();
  private readonly owners: TtlCache<string>;
  /** Claims and releases of one room, one after the other, so that a release never undoes a claim. */
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly lostHandlers: ((room: RoomKey) => void)[] = [];
  private renewTimer: NodeJS.Timeout | null = null;

  private readonly redis: Redis;
  private readonly log: FastifyBaseLogger;
  private readonly lease: RoomLease;

  constructor({ redis, log, ...lease }: RedisRoomOwnershipOptions) {
    this.redis = redis;
    this.log = log;
    this.lease = lease;
    this.owners = new TtlCache({ ttlMs: lease.cacheMs, maxEntries: CACHE_BOUND });
  }

  /** Takes this process's own lease, then keeps every lease renewed. */
  async start(): Promise<void> {
    await this.redis.set(this.processKey(this.processId), '1', 'PX', this.lease.leaseMs);
    this.renewTimer = setInterval(() => void this.renew(), Math.max(1, Math.floor(this.lease.leaseMs / 3)));
    this.renewTimer.unref();
  }

  ownsLocally(room: RoomKey): boolean {
    return this.held.has(roomKeyOf(room));
  }

  claim(room: RoomKey): Promise<string> {
    const key = roomKeyOf(room);
    if (this.held.has(key)) return Promise.resolve(this.processId);
    return this.serially(key, async () => {
      for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt += 1) {
        if (this.held.has(key)) return this.processId;
        if ((await this.redis.set(this.roomKey(key), this.processId, 'PX', this.lease.leaseMs, 'NX')) === 'OK') {
          this.held.set(key, room);
          return this.processId;
        }
        const owner = await this.redis.get(this.roomKey(key));
        if (owner === this.processId) {
          this.held.set(key, room);
          return owner;
        }
        if (owner) {
          this.owners.set(key, owner);
          return owner;
        }
        // The lease lapsed between the two commands: try again.
      }
      throw new Error(`the owner of room ${key} could not be settled`);
    });
  }

  async ownerOf(room: RoomKey, fresh = false): Promise<string | null> {
    const key = roomKeyOf(room);
    if (this.held.has(key)) return this.processId;
    const cached = fresh ? undefined : this.owners.get(key);
    if (cached) return cached;
    const owner = await this.redis.get(this.roomKey(key));
    if (owner && owner !== this.processId) {
      this.owners.set(key, owner);
      return owner;
    }
    // Nobody, or ours in Redis but not here (a release that did not go through: it lapses).
    // Not cached: the next join may take the room at any moment. What was cached is stale.
    this.owners.set(key, '', 0);
    return null;
  }

  release(room: RoomKey): Promise<void> {
    const key = roomKeyOf(room);
    // Forgotten at once, so that a join arriving meanwhile claims again, after the release.
    if (!this.held.delete(key)) return Promise.resolve();
    return this.serially(key, async () => {
      if (this.held.has(key)) return;
      await this.redis.eval(RELEASE, 1, this.roomKey(key), this.processId);
    });
  }

  async isAlive(processId: string): Promise<boolean> {
    if (processId === this.processId) return true;
    return (await this.redis.exists(this.processKey(processId))) === 1;
  }

  onLost(handler: (room: RoomKey) => void): void {
    this.lostHandlers.push(handler);
  }

  /**
   * Gives every room up and forgets this process's name, so that the others take over at once;
   * then closes the connection, which is this adapter's own.
   */
  async close(): Promise<void> {
    if (this.renewTimer) clearInterval(this.renewTimer);
    this.renewTimer = null;
    const rooms = [...this.held.values()];
    this.held.clear();
    try {
      if (this.redis.status !== 'ready') throw new Error(`redis connection ${this.redis.status}`);
      await Promise.all(rooms.map((room) => this.redis.eval(RELEASE, 1, this.roomKey(roomKeyOf(room)), this.processId)));
      await this.redis.del(this.processKey(this.processId));
      await this.redis.quit();
    } catch (error) {
      this.log.warn({ err: error }, 'room leases could not be given up; they will lapse');
      // A second disconnect of an ended client would leave a timer of ioredis behind.
      if (this.redis.status !== 'end') this.redis.disconnect();
    }
  }

  private async renew(): Promise<void> {
    const { leaseMs } = this.lease;
    try {
      const pipeline = this.redis.pipeline().set(this.processKey(this.processId), '1', 'PX', leaseMs);
      const rooms = [...this.held.entries()];
      for (const [key] of rooms) pipeline.eval(RENEW, 1, this.roomKey(key), this.processId, leaseMs);
      const results = (await pipeline.exec()) ?? [];
      rooms.forEach(([key, room], index) => {
        const [error, renewed] = results[index + 1] ?? [null, 0];
        if (error || renewed !== 0 || this.held.get(key) !== room) return;
        this.held.delete(key);
        this.log.warn({ room: key }, 'room lease lost to another process');
        for (const handler of this.lostHandlers) handler(room);
      });
    } catch (error) {
      this.log.warn({ err: error }, 'room leases could not be renewed');
    }
  }

  private serially<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(key) ?? Promise.resolve();
    const next = previous.then(task, task);
    const settled = next.catch(() => undefined);
    this.queues.set(key, settled);
    void settled.then(() => {
      if (this.queues.get(key) === settled) this.queues.delete(key);
    });
    return next;
  }

  private roomKey(key: string): string {
    return `${this.lease.keyPrefix}room-owner:${key}`;
  }

  private processKey(processId: string): string {
    return `${this.lease.keyPrefix}process:${processId}`;
  }
}
