import type { RedisOptions } from 'ioredis';

/** How long a call to Redis may take at most (REDIS_CONNECT_TIMEOUT_MS, REDIS_COMMAND_TIMEOUT_MS). */
export interface RedisTimeouts {
  /** Opening a connection (TCP, TLS). */
  connectMs: number;
  /** One command's answer, whether it waits for a connection first or was sent and is not answered. */
  commandMs: number;
}

export const DEFAULT_REDIS_TIMEOUTS: RedisTimeouts = { connectMs: 2000, commandMs: 1000 };

/**
 * The options every Redis connection of ours shares, but the rate limits' (they fail open at once,
 * see http/shared-rate-limits.ts):
 * - every command fails after `commandMs` (ioredis' commandTimeout), waiting for a connection or
 *   for an answer, so no caller hangs on Redis;
 * - a connection with a command unanswered for `commandMs` is dropped and opened again
 *   (socketTimeout): behind a partition nothing closes it, and without this it would stay
 *   silent for ever, the ready check of a new connection included;
 * - a command whose answer was lost with its connection is not sent again after reconnecting:
 *   its caller was already told it failed, and a late duplicate (a publish, a lease) is worse than none.
 */
export function redisConnectionOptions(connectionName: string, timeouts: RedisTimeouts): RedisOptions {
  return {
    connectionName,
    connectTimeout: timeouts.connectMs,
    commandTimeout: timeouts.commandMs,
    socketTimeout: timeouts.commandMs,
    autoResendUnfulfilledCommands: false,
    // A command waiting for a connection is failed after one attempt that did not connect, or
    // after commandMs, whichever comes first.
    maxRetriesPerRequest: 1,
  };
}
