import { Redis, type RedisOptions } from 'ioredis';

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

/** Each connection opened by openRedis and not ready yet: settles when it is ready for the first time. */
const firstReadiness = new WeakMap<Redis, Promise<void>>();

/** A Redis connection with the shared options, watched from the start for its first readiness. */
export function openRedis(url: string, connectionName: string, timeouts: RedisTimeouts): Redis {
  const client = new Redis(url, redisConnectionOptions(connectionName, timeouts));
  firstReadiness.set(
    client,
    new Promise<void>((resolve) =>
      client.once('ready', () => {
        firstReadiness.delete(client);
        resolve();
      }),
    ),
  );
  return client;
}

/**
 * Settles once the connection has been ready at least once, or after `connectMs + commandMs`
 * (the caller's command then fails on its own timeout). The command timeout counts from the call,
 * so a command sent while the very first connection is still being opened (a process starting on
 * a busy machine) would pay for the connecting too: it waits for it here, once: later outages, or
 * a Redis already down when the process started, are not waited for again.
 */
export async function firstReady(client: Redis, timeouts: RedisTimeouts): Promise<void> {
  const readiness = firstReadiness.get(client);
  if (!readiness || client.status === 'ready') return;
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      firstReadiness.delete(client);
      resolve();
    }, timeouts.connectMs + timeouts.commandMs);
    timer.unref();
  });
  try {
    await Promise.race([readiness, bound]);
  } finally {
    clearTimeout(timer);
  }
}
