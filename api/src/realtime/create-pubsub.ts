import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config/config';
import { InProcessPubSub } from './in-process-pubsub';
import type { PubSub } from './pubsub';
import { RedisPubSub } from './redis-pubsub';

/** One per process: Redis when REDIS_URL is set (several processes), in-process otherwise. */
export function createPubSub(config: Pick<AppConfig, 'redisUrl'> & Partial<Pick<AppConfig, 'redisTimeouts'>>, log: FastifyBaseLogger): PubSub {
  return config.redisUrl ? new RedisPubSub({ url: config.redisUrl, log, timeouts: config.redisTimeouts }) : new InProcessPubSub(log);
}
