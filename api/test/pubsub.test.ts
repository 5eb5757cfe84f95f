import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { createPubSub } from '../src/realtime/create-pubsub';
import { InProcessPubSub } from '../src/realtime/in-process-pubsub';
import type { PubSub } from '../src/realtime/pubsub';
import { RedisPubSub } from '../src/realtime/redis-pubsub';
import { until } from './helpers/until';

/*
 * What every adapter of the port promises, run against both: the in-process one and Redis (the
 * real server at REDIS_URL, 127.0.0.1:6379 by default; it runs here and in CI).
 */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const errors: unknown[] = [];
const log = { error: (...args: unknown[]) => errors.push(args), warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;

/** Records what a subscriber got; `received(n)` waits until n messages arrived. */
function recorder() {
  const messages: string[] = [];
  const handler = (message: string) => void messages.push(message);
  async function received(count: number, timeoutMs = 3000): Promise<string[]> {
    await until(() => messages.length >= count, `${count} messages`, timeoutMs);
    return messages;
  }
  return { messages, handler, received };
}

describe.each([
  ['in-process', () => new InProcessPubSub(log)],
  ['redis', () => new RedisPubSub({ url: REDIS_URL, log })],
])('the %s pub/sub', (_kind, create: () => PubSub) => {
  let pubsub: PubSub;
  // Channels unique to this run: other test files may share the Redis server.
  let channel: (name: string) => string;

  beforeEach(() => {
    pubsub = create();
    const prefix = `test:${randomUUID()}`;
    channel = (name) => `${prefix}:${name}`;
    errors.length = 0;
  });
  afterEach(() => pubsub.close());

  it('delivers to every subscriber of the channel, in order, and to nobody else', async () => {
    const first = recorder();
    const second = recorder();
    const elsewhere = recorder();
    await pubsub.subscribe(channel('a'), first.handler);
    await pubsub.subscribe(channel('a'), second.handler);
    await pubsub.subscribe(channel('b'), elsewhere.handler);
    for (const message of ['one', 'two', 'three']) await pubsub.publish(channel('a'), message);
    expect(await first.received(3)).toEqual(['one', 'two', 'three']);
    expect(await second.received(3)).toEqual(['one', 'two', 'three']);
    // The marker: published to b after the rest, it is the first thing b's subscriber gets.
    await pubsub.publish(channel('b'), 'marker');
    expect(await elsewhere.received(1)).toEqual(['marker']);
  });

  it('never runs a handler inside publish, and a failing handler does not stop the others', async () => {
    const calls: string[] = [];
    const after = recorder();
    await pubsub.subscribe(channel('a'), () => {
      calls.push('handler');
      throw new Error('handler bug');
    });
    await pubsub.subscribe(channel('a'), after.handler);
    const publishing = pubsub.publish(channel('a'), 'x');
    calls.push('published');
    await publishing;
    expect(await after.received(1)).toEqual(['x']);
    expect(calls).toEqual(['published', 'handler']);
    expect(errors).toHaveLength(1);
  });

  it('stops delivering to a subscriber that unsubscribed, and keeps the others', async () => {
    const leaving = recorder();
    const staying = recorder();
    const unsubscribe = await pubsub.subscribe(channel('a'), leaving.handler);
    await pubsub.subscribe(channel('a'), staying.handler);
    await pubsub.publish(channel('a'), 'before');
    await leaving.received(1);
    await unsubscribe();
    await unsubscribe();
    await pubsub.publish(channel('a'), 'after');
    expect(await staying.received(2)).toEqual(['before', 'after']);
    // Subscribed first, the one that left would have had 'after' before the one that stayed.
    expect(leaving.messages).toEqual(['before']);
  });

  it('keeps a channel whose last subscriber leaves while another arrives, in either order', async () => {
    const unsubscribeFirst = await pubsub.subscribe(channel('a'), () => undefined);
    const overlapping = recorder();
    const arriving = pubsub.subscribe(channel('a'), overlapping.handler);
    await unsubscribeFirst();
    const unsubscribeOverlapping = await arriving;
    await pubsub.publish(channel('a'), 'one');
    expect(await overlapping.received(1)).toEqual(['one']);

    // Gone first, back at once: the new subscription must not be undone by the old leave.
    const leaving = unsubscribeOverlapping();
    const back = recorder();
    const returning = pubsub.subscribe(channel('a'), back.handler);
    await Promise.all([leaving, returning]);
    await pubsub.publish(channel('a'), 'two');
    expect(await back.received(1)).toEqual(['two']);
  });

  it('keeps many channels apart', async () => {
    const recorders = Array.from({ length: 200 }, () => recorder());
    await Promise.all(recorders.map((r, index) => pubsub.subscribe(channel(String(index)), r.handler)));
    await Promise.all(recorders.map((_r, index) => pubsub.publish(channel(String(index)), `to ${index}`)));
    for (const [index, r] of recorders.entries()) expect(await r.received(1)).toEqual([`to ${index}`]);
    // A marker on every channel after the rest: before it, each got its own message only.
    await Promise.all(recorders.map((_r, index) => pubsub.publish(channel(String(index)), 'marker')));
    for (const [index, r] of recorders.entries()) expect(await r.received(2)).toEqual([`to ${index}`, 'marker']);
  });

  it('refuses to publish once closed, and an unsubscribe after close does no harm', async () => {
    const unsubscribe = await pubsub.subscribe(channel('a'), () => undefined);
    await pubsub.close();
    await expect(pubsub.publish(channel('a'), 'late')).rejects.toThrow('closed');
    await expect(unsubscribe()).resolves.toBeUndefined();
  });
});

describe('the redis pub/sub across processes', () => {
  let admin: Redis;
  let a: RedisPubSub;
  let b: RedisPubSub;
  let channel: (name: string) => string;

  beforeAll(() => {
    admin = new Redis(REDIS_URL);
  });
  afterAll(() => admin.quit());
  beforeEach(() => {
    // Two instances: two API processes as far as Redis can tell.
    a = new RedisPubSub({ url: REDIS_URL, log });
    b = new RedisPubSub({ url: REDIS_URL, log });
    const prefix = `test:${randomUUID()}`;
    channel = (name) => `${prefix}:${name}`;
  });
  afterEach(() => Promise.all([a.close(), b.close()]));

  async function subscribersInRedis(name: string): Promise<number> {
    const [, count] = (await admin.pubsub('NUMSUB', channel(name))) as [string, number];
    return Number(count);
  }

  /** Our connections as Redis lists them, by the names the adapter gives them. */
  async function connectionsOf(pubsub: RedisPubSub): Promise<{ id: string; name: string }[]> {
    const list = (await admin.client('LIST')) as string;
    return list
      .split('\n')
      .map((line) => Object.fromEntries(line.split(' ').map((field) => field.split('=', 2))) as Record<string, string>)
      .filter((fields) => fields.name?.startsWith(pubsub.connectionName))
      .map((fields) => ({ id: fields.id!, name: fields.name! }));
  }

  it('delivers a message published by one process to the subscribers of both', async () => {
    const onA = recorder();
    const onB = recorder();
    const elsewhere = recorder();
    await a.subscribe(channel('lobby'), onA.handler);
    await b.subscribe(channel('lobby'), onB.handler);
    await b.subscribe(channel('other'), elsewhere.handler);
    await a.publish(channel('lobby'), 'from a');
    await b.publish(channel('lobby'), 'from b');
    expect(await onA.received(2)).toEqual(['from a', 'from b']);
    expect(await onB.received(2)).toEqual(['from a', 'from b']);
    await b.publish(channel('other'), 'marker');
    expect(await elsewhere.received(1)).toEqual(['marker']);
  });

  it('subscribes once per channel however many local handlers, and unsubscribes with the last', async () => {
    const leaves = await Promise.all([1, 2, 3].map(() => a.subscribe(channel('lobby'), () => undefined)));
    expect(await subscribersInRedis('lobby')).toBe(1);
    await leaves[0]!();
    await leaves[1]!();
    expect(await subscribersInRedis('lobby')).toBe(1);
    await leaves[2]!();
    expect(await subscribersInRedis('lobby')).toBe(0);
    expect(a.channelCount()).toBe(0);
  });

  it('subscribes again by itself after its connection was dropped', async () => {
    const got = recorder();
    await a.subscribe(channel('lobby'), got.handler);
    const subscriber = (await connectionsOf(a)).find((connection) => connection.name.endsWith('-sub'));
    expect(subscriber?.id).toMatch(/^\d+$/);
    await admin.client('KILL', 'ID', subscriber!.id);
    // Messages sent while it is down are lost (at most once): publish until one gets through.
    await until(async () => {
      if (got.messages.length > 0) return true;
      await b.publish(channel('lobby'), 'after the drop');
      return false;
    }, 'a message through the new subscription');
    expect(got.messages[0]).toBe('after the drop');
    expect(await subscribersInRedis('lobby')).toBe(1);
  });

  it('tells once, when its subscriptions are live again, that messages may have been lost meanwhile', async () => {
    const got = recorder();
    let told = 0;
    let removedTold = 0;
    let publishedWhenTold: Promise<void> | null = null;
    a.onResubscribed(() => {
      told += 1;
      // Another process publishes the moment we are told: the subscription must already be live.
      publishedWhenTold ??= b.publish(channel('lobby'), 'when told');
    });
    a.onResubscribed(() => (removedTold += 1))();
    await a.subscribe(channel('lobby'), got.handler);
    await b.publish(channel('lobby'), 'before');
    await got.received(1);
    expect(told).toBe(0); // the first connection lost nothing

    const subscriber = (await connectionsOf(a)).find((connection) => connection.name.endsWith('-sub'));
    await admin.client('KILL', 'ID', subscriber!.id);
    await until(() => told > 0, 'told of the resubscription');
    expect(told).toBe(1);
    await publishedWhenTold;
    expect(await got.received(2)).toEqual(['before', 'when told']);
    // A marker through the live subscription: whatever the reconnection was to tell, it has told.
    await b.publish(channel('lobby'), 'marker');
    expect(await got.received(3)).toEqual(['before', 'when told', 'marker']);
    expect([told, removedTold]).toEqual([1, 0]);
  });

  it('closes both of its connections', async () => {
    await a.subscribe(channel('lobby'), () => undefined);
    await a.publish(channel('lobby'), 'x');
    expect((await connectionsOf(a)).map((connection) => connection.name.slice(-4)).sort()).toEqual(['-pub', '-sub']);
    await a.close();
    expect(await connectionsOf(a)).toEqual([]);
    expect(await subscribersInRedis('lobby')).toBe(0);
  });
});

describe('createPubSub', () => {
  it('is in-process without REDIS_URL and Redis with it', async () => {
    const local = createPubSub({ redisUrl: null }, log);
    const shared = createPubSub({ redisUrl: REDIS_URL }, log);
    try {
      expect([local.kind, shared.kind]).toEqual(['in-process', 'redis']);
    } finally {
      await Promise.all([local.close(), shared.close()]);
    }
  });
});
