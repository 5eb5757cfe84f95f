import { randomBytes, randomInt } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { and, eq, sql } from 'drizzle-orm';
import { IT } from '@incontra/contracts/messages/it';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/config';
import type { Database } from '../src/db/database';
import { joinRequests, stores } from '../src/db/schema';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../src/errors/error-handler';
import { lockStoreQueue } from '../src/lobby/waiting-cap';
import { waitingOnLocks } from './helpers/lock-waits';
import { START_TIMEOUT_MS, TestClock, type TestApp } from './helpers/test-app';
import { TcpProxy } from './helpers/tcp-proxy';
import { TestClient } from './helpers/test-client';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';
import { createStaticRoot } from './helpers/test-static-root';
import { until } from './helpers/until';
import { seededRooms, type SeededRooms } from './helpers/video-room-fixtures';

/*
 * PostgreSQL goes away (cut), is partitioned (black hole: nothing passes, nothing closes), or a
 * row lock is held elsewhere. A visitor's join request answers 503 with Retry-After within a fixed
 * bound, no row of it is left, and once the database answers again the same request succeeds
 * without a restart. Always on PostgreSQL (only a server can go away), behind a proxy it breaks.
 */
const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

// The configured timeouts, small: each outage below must be answered within twice its bound.
const CONNECT_TIMEOUT_MS = 800;
const POOL_WAIT_MS = 1500;
// A lock wait outlasts the test's few steps between seeing the request wait and partitioning it.
const STATEMENT_TIMEOUT_MS = 2500;
const LOCK_TIMEOUT_MS = 1500;
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 1000;
/** The API stops waiting for an answer this long after PostgreSQL would have cancelled the statement. */
const ANSWER_MARGIN_MS = 500;
const ANSWER_BUDGET_MS = 2 * (STATEMENT_TIMEOUT_MS + ANSWER_MARGIN_MS);

const proxy = new TcpProxy(new URL(serverUrl).hostname, Number(new URL(serverUrl).port || 5432));
let testDatabase: TestDatabase;
/** A connection of the test's own, not through the proxy: what the database really holds. */
let direct: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
let staticRoot: string;
let seeded: SeededRooms;
let milano: string;

beforeAll(async () => {
  testDatabase = await createTestDatabase(serverUrl);
  const throughProxy = new URL(testDatabase.url!);
  throughProxy.hostname = '127.0.0.1';
  throughProxy.port = String(await proxy.start());
  staticRoot = await createStaticRoot();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    STATIC_ROOT: staticRoot,
    DATA_DIR: staticRoot,
    DATABASE_URL: throughProxy.toString(),
    DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
    DATABASE_POOL_WAIT_MS: String(POOL_WAIT_MS),
    DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
    DATABASE_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS),
    DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: String(IDLE_IN_TRANSACTION_TIMEOUT_MS),
    JOIN_REQUEST_RATE_LIMIT_PER_MINUTE: '100000',
    LOBBY_MAX_WAITING_PER_STORE: '100000',
  });
  const clock = new TestClock();
  app = await buildApp(config, { clock: clock.now });
  await app.ready();
  direct = await testDatabase.open();
  // The seeded ids, read back through the test's own connection (the fixture reads only db and clock).
  seeded = await seededRooms({ db: direct, clock } as unknown as TestApp);
  const [store] = await direct.asOwnerForTenant(seeded.demoId, (tx) =>
    tx
      .select({ id: stores.id })
      .from(stores)
      .where(and(eq(stores.companyId, seeded.demoId), eq(stores.name, 'Milano Centro'))),
  );
  milano = store!.id;
}, START_TIMEOUT_MS);
afterEach(async () => {
  // A test that failed half-way leaves the database reachable for the next one.
  await proxy.restore();
});
afterAll(async () => {
  await app.close();
  await direct.close();
  await proxy.cut();
  await testDatabase.drop();
  await rm(staticRoot, { recursive: true, force: true });
});

const unavailable = { statusCode: 503, error: 'Service Unavailable', message: IT.errors.unavailable };

/** A visitor's browser with its CSRF cookie (taken while the database answers). */
async function visitor(): Promise<TestClient> {
  const browser = new TestClient(app, 'demo.localhost', `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`);
  await browser.get('/api/me');
  expect(browser.csrf).toBeDefined();
  return browser;
}

/** Sends a join request and measures how long its answer took. */
async function timedSend(browser: TestClient, name: string) {
  const started = performance.now();
  const response = await browser.post(`/api/video-room/${milano}/send-join-request`, { name, room: seeded.room('Sala Consulenza') });
  return { response, ms: performance.now() - started };
}

function expectUnavailable(response: Awaited<ReturnType<typeof timedSend>>['response']): void {
  expect(response.statusCode).toBe(503);
  expect(response.json()).toEqual(unavailable);
  expect(response.headers['retry-after']).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
}

async function rowsNamed(name: string): Promise<number> {
  const rows = await direct.asOwnerForTenant(seeded.demoId, (tx) =>
    tx
      .select({ id: joinRequests.id })
      .from(joinRequests)
      .where(and(eq(joinRequests.companyId, seeded.demoId), eq(joinRequests.name, name))),
  );
  return rows.length;
}

/** Sessions of this database, other than the one asking, still inside a transaction. */
async function openTransactions(): Promise<number> {
  const result = (await direct.asOwner((tx) =>
    tx.execute(
      sql`select count(*)::int as open from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state like 'idle in transaction%'`,
    ),
  )) as unknown as { rows: { open: number }[] };
  return result.rows[0]?.open ?? 0;
}

/** Advisory locks held in this database (the store queue's lock is one). */
async function advisoryLocksHeld(): Promise<number> {
  const result = (await direct.asOwner((tx) =>
    tx.execute(
      sql`select count(*)::int as held from pg_locks l join pg_database d on d.oid = l.database where l.locktype = 'advisory' and l.granted and d.datname = current_database() and l.pid <> pg_backend_pid()`,
    ),
  )) as unknown as { rows: { held: number }[] };
  return result.rows[0]?.held ?? 0;
}

/** Holds the Milano store's queue lock from the test's own connection until `release` is called. */
async function holdStoreQueue(): Promise<{ release: () => Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holding = direct.asOwner(async (tx) => {
    await lockStoreQueue(tx, milano);
    locked();
    await released;
  });
  await Promise.race([isLocked, holding]);
  return {
    release: async () => {
      release();
      await holding;
    },
  };
}

const newName = () => `Ospite ${randomBytes(4).toString('hex')}`;

describe('while PostgreSQL is unreachable', () => {
  it('answers 503 within the bound when it refuses connections (cut), writes nothing, and recovers', async () => {
    const browser = await visitor();
    const name = newName();
    await proxy.cut();
    const sent = await timedSend(browser, name);
    expectUnavailable(sent.response);
    expect(sent.ms).toBeLessThan(ANSWER_BUDGET_MS);

    await proxy.restore();
    expect(await rowsNamed(name)).toBe(0);
    expect((await timedSend(browser, name)).response.statusCode).toBe(200);
    expect(await rowsNamed(name)).toBe(1);
  });

  it('answers every request 503 within the bound when it is partitioned away (black hole), pooled connections and new ones alike', async () => {
    const browsers = await Promise.all(Array.from({ length: 12 }, () => visitor()));
    const name = newName();
    proxy.blackhole();
    // More requests than the pool has connections: some wait for one, the others meet pooled
    // connections that will never answer or connect anew into the partition.
    const sent = await Promise.all(browsers.map((browser) => timedSend(browser, name)));
    for (const { response } of sent) expectUnavailable(response);
    expect(Math.max(...sent.map(({ ms }) => ms))).toBeLessThan(ANSWER_BUDGET_MS);

    await proxy.restore();
    await until(async () => (await openTransactions()) === 0, 'no transaction left open', 10_000);
    expect(await rowsNamed(name)).toBe(0);
    expect((await timedSend(browsers[0]!, name)).response.statusCode).toBe(200);
    expect(await rowsNamed(name)).toBe(1);
  }, 60_000);

  it('answers 503 within the bound when the partition comes while the request holds a connection, and the server lets its locks go', async () => {
    const browser = await visitor();
    const name = newName();
    // The request waits inside its transaction for the store's queue lock, held here.
    const queue = await holdStoreQueue();
    const sending = timedSend(browser, name);
    let partitionedAt: number;
    try {
      await until(async () => (await waitingOnLocks(direct)) >= 1, 'the request waiting for the queue lock');
      proxy.blackhole();
      partitionedAt = performance.now();
    } finally {
      // The request gets the lock now, but its answer (and anything after it) is lost in the partition.
      await queue.release();
    }
    const sent = await sending;
    expectUnavailable(sent.response);
    expect(performance.now() - partitionedAt).toBeLessThan(ANSWER_BUDGET_MS);
    // Still partitioned: PostgreSQL ends the transaction its lost client left idle, and its lock with it.
    await until(async () => (await advisoryLocksHeld()) === 0, 'the queue lock let go', 3 * IDLE_IN_TRANSACTION_TIMEOUT_MS);

    await proxy.restore();
    await until(async () => (await openTransactions()) === 0, 'no transaction left open', 10_000);
    expect(await rowsNamed(name)).toBe(0);
    expect((await timedSend(browser, name)).response.statusCode).toBe(200);
    expect(await rowsNamed(name)).toBe(1);
  }, 60_000);
});

describe('while a lock the request needs is held elsewhere', () => {
  it('answers 503 once the lock timeout passes, writes nothing, and succeeds once the lock is free', async () => {
    const browser = await visitor();
    const name = newName();
    const queue = await holdStoreQueue();
    try {
      const sent = await timedSend(browser, name);
      expectUnavailable(sent.response);
      expect(sent.ms).toBeLessThan(2 * LOCK_TIMEOUT_MS);
    } finally {
      await queue.release();
    }
    expect(await rowsNamed(name)).toBe(0);
    expect((await timedSend(browser, name)).response.statusCode).toBe(200);
    expect(await rowsNamed(name)).toBe(1);
  }, 60_000);
});
