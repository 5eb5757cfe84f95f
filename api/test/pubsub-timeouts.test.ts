import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { LOST_MESSAGE_NOTICE, RedisPubSub } from '../src/realtime/redis-pubsub';
import { REDIS_URL } from './helpers/cluster-apps';
import { TcpProxy } from './helpers/tcp-proxy';
import { until } from './helpers/until';

/*
 * The Redis pub/sub when Redis stops answering one process (a partition through the proxy: nothing
 * passes, nothing closes): no call waits longer than the command timeout, a message that could not
 * be published is told as lost on its channel once Redis answers again, so that every process
 * listening there reads its state afresh, and a subscriber connection that went silent is noticed
 * and opened again.
 */
const COMMAND_TIMEOUT_MS = 300;
const TIMEOUTS = { connectMs: COMMAND_TIMEOUT_MS, commandMs: COMMAND_TIMEOUT_MS };

const proxy = new TcpProxy(new URL(REDIS_URL).hostname, Number(new URL(REDIS_URL).port || 6379));
let cutOff: RedisPubSub;
let elsewhere: RedisPubSub;
let cutOffLog: { role: unknown; msg: unknown }[];
let channel: string;

/** A logger that keeps the error lines (role and message) and drops the rest. */
function recordingLog(lines: { role: unknown; msg: unknown }[]): FastifyBaseLogger {
  const record = (fields: { role?: unknown }, msg: unknown) => void lines.push({ role: fields.role, msg });
  return { error: record, warn: () => undefined, info: () => undefined, debug: () => undefined } as unknown as FastifyBaseLogger;
}

beforeAll(async () => {
  await proxy.start();
});
beforeEach(() => {
  cutOffLog = [];
  // Two processes: one reaches Redis through the proxy, the other directly.
  cutOff = new RedisPubSub({ url: `redis://127.0.0.1:${proxy.port}`, log: recordingLog(cutOffLog), timeouts: TIMEOUTS });
  elsewhere = new RedisPubSub({ url: REDIS_URL, log: recordingLog([]), timeouts: TIMEOUTS });
  channel = `test:${randomUUID()}:lobby`;
});
afterEach(async () => {
  await proxy.restore();
  await Promise.all([cutOff.close(), elsewhere.close()]);
});
afterAll(() => proxy.cut());

describe('the redis pub/sub of a process partitioned from Redis', () => {
  it('fails a publish within twice the command timeout, and tells the loss on its channel once Redis answers', async () => {
    const received: string[] = [];
    let told = 0;
    elsewhere.onResubscribed(() => (told += 1));
    await elsewhere.subscribe(channel, (message) => void received.push(message));
    await cutOff.publish(channel, 'before');
    await until(() => received.length === 1, 'the first message');

    proxy.blackhole();
    const started = performance.now();
    await expect(cutOff.publish(channel, 'lost')).rejects.toThrow();
    expect(performance.now() - started).toBeLessThan(2 * COMMAND_TIMEOUT_MS);
    expect(told).toBe(0);

    await proxy.restore();
    await until(() => told > 0, 'the other process told that a message of its channel was lost');
    // The notice is not a message: handlers never see it.
    await cutOff.publish(channel, 'after');
    await until(() => received.includes('after'), 'a message after the outage');
    expect(received).not.toContain(LOST_MESSAGE_NOTICE);
  });

  it('fails a publish at once while its connection is known to be down (cut), and tells the loss once Redis is back', async () => {
    let told = 0;
    elsewhere.onResubscribed(() => (told += 1));
    await elsewhere.subscribe(channel, () => undefined);
    await cutOff.publish(channel, 'before');

    await proxy.cut();
    // Refused connections: once ioredis knows the connection is down, no publish waits at all.
    await until(async () => {
      const started = performance.now();
      await expect(cutOff.publish(channel, 'lost')).rejects.toThrow();
      return performance.now() - started < COMMAND_TIMEOUT_MS / 3;
    }, 'a publish failed at once');

    await proxy.restore();
    await until(() => told > 0, 'the other process told that a message of its channel was lost');
  });

  it('notices a subscriber connection gone silent, and once Redis answers subscribes again and tells its listeners', async () => {
    const received: string[] = [];
    let told = 0;
    cutOff.onResubscribed(() => (told += 1));
    await cutOff.subscribe(channel, (message) => void received.push(message));

    proxy.blackhole();
    // Nothing closes the connection and nothing is sent on it: only the health check finds it dead.
    await until(() => cutOffLog.some((line) => line.role === 'sub'), 'the silent subscriber connection dropped', 20 * COMMAND_TIMEOUT_MS);
    await proxy.restore();
    await until(() => told > 0, 'told once subscribed again', 10_000);
    await elsewhere.publish(channel, 'after');
    await until(() => received.includes('after'), 'a message through the new subscription');
  });
});
