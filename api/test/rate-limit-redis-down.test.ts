import { randomInt } from 'node:crypto';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import { TcpProxy } from './helpers/tcp-proxy';
import { TestClient } from './helpers/test-client';
import { until } from './helpers/until';

const redis = new TcpProxy('127.0.0.1', 6379);
let t: TestApp;
beforeAll(async () => {
  const port = await redis.start();
  t = await startTestApp({
    env: { REDIS_URL: `redis://127.0.0.1:${port}`, ROOM_TOKEN_SECRET: 'r'.repeat(32) },
    rateLimits: { loginPerMinute: 3 },
  });
}, START_TIMEOUT_MS);
afterAll(async () => {
  await t.close();
  await redis.cut();
});

// Addresses of this run only: the counters live in the shared Redis.
const run = randomInt(1, 250);
let next = 1;
const newBrowser = async () => {
  const browser = new TestClient(t.app, 'demo.localhost', `10.${run}.${randomInt(0, 250)}.${next++}`);
  await browser.get('/api/me');
  return browser;
};

/** One call and how long its answer took. */
async function timed<T>(call: () => Promise<T>): Promise<{ answer: T; ms: number }> {
  const started = performance.now();
  const answer = await call();
  return { answer, ms: performance.now() - started };
}

describe('per-IP limits while Redis is unreachable', () => {
  it('count in Redis while it is up', async () => {
    const browser = await newBrowser();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      statuses.push((await browser.post('/api/login', { company: 'demo', username: `redis-${attempt}`, password: 'x' })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('fail open at once, without the calls growing slower, and count again once it is back', async () => {
    // The same calls with Redis up, as the yardstick: a sign-in hashes a password, which takes
    // longer on a busy machine; waiting on Redis adds seconds on top of it.
    const yardstick: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const browser = await newBrowser();
      yardstick.push((await timed(() => browser.post('/api/login', { company: 'demo', username: `metro-${attempt}`, password: 'x' }))).ms);
    }
    const slowest = Math.max(1000, 3 * Math.max(...yardstick));

    await redis.cut();
    const browser = await newBrowser();
    const durations: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const { answer, ms } = await timed(() => browser.post('/api/login', { company: 'demo', username: `giu-${attempt}`, password: 'x' }));
      // Not limited (the rule: fail open) and not failed.
      expect(answer.statusCode).toBe(401);
      durations.push(ms);
    }
    const notFound = await timed(() => browser.get('/api/niente'));
    expect(notFound.answer.statusCode).toBe(404);
    durations.push(notFound.ms);
    // Queued commands made each call wait seconds, longer every time (0.2 s, then 0.5, 0.9, … up to 2 s here; 0.8 → 7.7 s in the probe): now none waits.
    expect(durations.filter((ms) => ms > slowest)).toEqual([]);

    await redis.restore();
    const again = await newBrowser();
    const statuses: number[] = [];
    await until(
      async () => {
        statuses.push((await again.post('/api/login', { company: 'demo', username: `su-${statuses.length}`, password: 'x' })).statusCode);
        return statuses.at(-1) === 429;
      },
      'a sign-in refused once Redis counts again',
      10_000,
    );
    // Back in Redis: after reconnecting, the fourth counted call from one address is refused again.
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThanOrEqual(3);
  }, 60_000);
});
