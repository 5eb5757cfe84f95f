import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

/**
 * With REDIS_URL, @fastify/rate-limit counts in Redis, so a per-IP limit holds across every API
 * process (a client spreading its calls over them gets no more). The plugin's own advice: a short
 * connect timeout and one retry, so that a Redis outage delays a limited call briefly; the call
 * then goes through uncounted (skipOnError) rather than taking sign-in and the lobby down with Redis.
 */
export function sharedRateLimitOptions(app: FastifyInstance, redisUrl: string | null): { redis?: Redis; skipOnError?: boolean; nameSpace?: string } {
  if (!redisUrl) return {};
  const redis = new Redis(redisUrl, { connectionName: `incontra-rate-limit-${process.pid}`, connectTimeout: 500, maxRetriesPerRequest: 1 });
  let healthy = true;
  redis.on('error', (error: Error) => {
    if (healthy) app.log.error({ err: error }, 'rate-limit redis connection failed; limits not counted until it is back');
    healthy = false;
  });
  redis.on('ready', () => {
    healthy = true;
  });
  app.addHook('onClose', async () => {
    if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
    else redis.disconnect();
  });
  return { redis, skipOnError: true, nameSpace: 'incontra-rate-limit:' };
}
