import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config/config';
import { ClusterSignalling, DEFAULT_CLUSTER_TIMING, type ClusterTiming, type OnMemberGone } from './cluster-signalling';
import type { PubSub } from '../realtime/pubsub';
import { DEFAULT_REDIS_TIMEOUTS, firstReady, openRedis } from '../realtime/redis-timeouts';
import { DEFAULT_ROOM_LEASE, RedisRoomOwnership, type RoomLease } from './redis-room-ownership';

/** Tests shorten the leases and timers and keep their keys apart; production uses the defaults. */
export type SignallingClusterTuning = Partial<RoomLease & ClusterTiming>;

export interface StartSignallingOptions {
  config: Pick<AppConfig, 'redisUrl'> & Partial<Pick<AppConfig, 'redisTimeouts'>>;
  /** The process's one pub/sub: the rooms are shared with other processes when it is Redis. */
  pubsub: PubSub;
  log: FastifyBaseLogger;
  graceMs?: number;
  onMemberGone?: OnMemberGone;
  tuning?: SignallingClusterTuning;
}

/**
 * The rooms' signalling for this process: all local with one process; with Redis, each room run
 * by the process holding its lease, the others bridging to it. The lease connection is made
 * here and nowhere else, and closed with the signalling.
 */
export async function startSignalling({ config, pubsub, log, graceMs, onMemberGone, tuning = {} }: StartSignallingOptions): Promise<ClusterSignalling> {
  if (!config.redisUrl || pubsub.kind !== 'redis') return ClusterSignalling.local({ log, graceMs, onMemberGone });
  // As for pub/sub: every lease command gives up after the command timeout (a join fails, the
  // client tries again), and a connection that stops answering is dropped and opened again.
  const timeouts = config.redisTimeouts ?? DEFAULT_REDIS_TIMEOUTS;
  const redis = openRedis(config.redisUrl, `incontra-rooms-${process.pid}`, timeouts);
  // Without a listener ioredis prints every connection error itself; reconnecting is its job.
  // Told once per outage, not at every attempt.
  let healthy = true;
  redis.on('error', (error: Error) => {
    if (healthy) log.error({ err: error }, 'redis connection of the room leases failed; reconnecting');
    healthy = false;
  });
  redis.on('ready', () => {
    healthy = true;
  });
  const { keyPrefix, leaseMs, cacheMs, answerTimeoutMs, watchMs } = { ...DEFAULT_ROOM_LEASE, ...DEFAULT_CLUSTER_TIMING, ...tuning };
  const ownership = new RedisRoomOwnership({ redis, log, keyPrefix, leaseMs, cacheMs });
  try {
    await firstReady(redis, timeouts);
    await ownership.start();
    return await ClusterSignalling.start({ log, graceMs, ownership, pubsub, onMemberGone, timing: { answerTimeoutMs, watchMs } });
  } catch (error) {
    await ownership.close();
    throw error;
  }
}
