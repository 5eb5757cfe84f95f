import { IT } from '@incontra/contracts/messages/it';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/config';
import { Database } from '../src/db/database';
import { isDatabaseUnavailable } from '../src/errors/database-errors';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../src/errors/error-handler';
import { RecordingErrorReporter, START_TIMEOUT_MS } from './helpers/test-app';
import { TcpProxy } from './helpers/tcp-proxy';
import { TestClient } from './helpers/test-client';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';
import { createStaticRoot } from './helpers/test-static-root';

// An outage needs a server that can go away: this suite always runs on PostgreSQL, behind a hop it cuts.
const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const proxy = new TcpProxy(new URL(serverUrl).hostname, Number(new URL(serverUrl).port || 5432));
const reporter = new RecordingErrorReporter();
let testDatabase: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  testDatabase = await createTestDatabase(serverUrl);
  const throughProxy = new URL(testDatabase.url!);
  throughProxy.hostname = '127.0.0.1';
  throughProxy.port = String(await proxy.start());
  const db = await Database.open({ driver: 'postgres', url: throughProxy.toString() });
  const staticRoot = await createStaticRoot();
  app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', STATIC_ROOT: staticRoot, DATA_DIR: staticRoot }), { database: db, errorReporter: reporter });
  await app.ready();
}, START_TIMEOUT_MS);
afterAll(async () => {
  await app.close();
  await proxy.cut();
  await testDatabase.drop();
});

const unavailable = { statusCode: 503, error: 'Service Unavailable', message: IT.errors.unavailable };

describe('while the database is unreachable', () => {
  it('answers 503 with Retry-After and an Italian message, and recovers without a restart', async () => {
    const browser = new TestClient(app);
    expect((await browser.login()).statusCode).toBe(200);
    await proxy.cut();
    for (const call of [
      () => browser.get('/api/me'),
      () => browser.post('/api/login', { company: 'demo', username: 'admin', password: 'x' }),
      () => browser.put('/api/me', { email: 'admin@demo.incontra.local' }),
    ]) {
      const answer = await call();
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual(unavailable);
      expect(answer.headers['retry-after']).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    }
    // An outage is not a defect of ours: nothing reported as one.
    expect(reporter.captured).toHaveLength(0);
    await proxy.restore();
    expect((await browser.get('/api/me')).statusCode).toBe(200);
  });

  it('gives back every connection that died in the pool (a leak used to exhaust it after ten outages)', async () => {
    const browser = new TestClient(app);
    expect((await browser.login()).statusCode).toBe(200);
    for (let outage = 0; outage < 12; outage += 1) {
      // Connections idle in the pool die with the server; the next calls meet them dead.
      await proxy.cut();
      await proxy.restore();
      await browser.get('/api/me');
    }
    expect((await browser.get('/api/me')).statusCode).toBe(200);
  });
});

describe('isDatabaseUnavailable', () => {
  it.each([
    [{ code: 'ECONNREFUSED' }, true],
    [{ message: 'Failed query', cause: { code: '57P01' } }, true],
    [{ message: 'Failed query', cause: { message: 'Connection terminated unexpectedly' } }, true],
    [{ message: 'timeout exceeded when trying to connect' }, true],
    [{ code: '08006' }, true],
    [{ message: 'Failed query', cause: { code: '08P01' } }, false],
    [{ message: 'Failed query', cause: { code: '23505' } }, false],
    [new Error('database on fire'), false],
  ])('%j → %s', (error, expected) => {
    expect(isDatabaseUnavailable(error)).toBe(expected);
  });
});
