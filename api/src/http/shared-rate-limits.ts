import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

/**
 * With REDIS_URL, @fastify/rate-limit counts in Redis, so a per-IP limit holds across every API
 * process (a client spreading its calls over them gets no more).
 *
 * The rule while Redis is unreachable: the per-IP limits FAIL OPEN, logged once per outage. A
 * limited call must not wait for Redis: commands are not queued while the connection is down
 * (they fail at once), nor retried, and one that gets no answer gives up after
 * COMMAND_TIMEOUT_MS; the call then goes through uncounted (skipOnError). A connection that left
 * a command unanswered that long is dropped (socketTimeout): behind a partition nothing closes it,
 * and every limited call would pay the timeout again; reconnecting, calls fail open at once.
 * What must never fail open is not counted here: sign-in attempts per account and the SMS quotas
 * live in the database.
 */
const COMMAND_TIMEOUT_MS = 200;

export function sharedRateLimitOptions(app: FastifyInstance, redisUrl: string | null): { redis?: Redis; skipOnError?: boolean; nameSpace?: string } {
  if (!redisUrl) return {};
  const redis = new Redis(redisUrl, {
    connectionName: `incontra-rate-limit-${process.pid}`,
    connectTimeout: 500,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    socketTimeout: COMMAND_TIMEOUT_MS,
  });
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
