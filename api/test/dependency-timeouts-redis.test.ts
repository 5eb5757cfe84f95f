import { randomBytes, randomInt } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/config';
import type { Database } from '../src/db/database';
import { joinRequests, stores } from '../src/db/schema';
import { REDIS_URL } from './helpers/cluster-apps';
import { Visitor } from './helpers/lobby-fixtures';
import { LobbySocket, lobbyAddress } from './helpers/lobby-socket';
import { RecordingErrorReporter, START_TIMEOUT_MS, TestClock, type TestApp } from './helpers/test-app';
import { TcpProxy } from './helpers/tcp-proxy';
import { TestClient } from './helpers/test-client';
import { createTestDatabase } from './helpers/test-database';
import { createStaticRoot } from './helpers/test-static-root';
import { until } from './helpers/until';
import { seededRooms, signedInStaff, type SeededRooms } from './helpers/video-room-fixtures';

/*
 * Redis goes away (cut: connections reset and refused) or is partitioned (black hole: nothing
 * passes, nothing closes) for one API process, A, while the other, B, still reaches it. A visitor
 * sending a join request to A is answered within a fixed bound either way: the row is the truth,
 * the notice to the staff is best-effort. Staff on B, who missed the notice, get their queue read
 * afresh once A can publish again, and the same request through A then reaches them live.
 */
const COMMAND_TIMEOUT_MS = 1500;
/** What a visitor may wait at most while Redis does not answer: twice the configured timeout. */
const ANSWER_BUDGET_MS = 2 * COMMAND_TIMEOUT_MS;
const VISITORS_DURING_OUTAGE = 6;

const redisOfA = new TcpProxy(new URL(REDIS_URL).hostname, Number(new URL(REDIS_URL).port || 6379));
let a: TestApp;
let b: TestApp;
let seeded: SeededRooms;
let milano: string;
let lobbyOfB = '';
const open: LobbySocket[] = [];
const cleanUp: (() => Promise<void>)[] = [];

/** A and B as two processes would run them: one database, one Redis, A's reached through the proxy. */
async function startApps(): Promise<void> {
  const staticRoot = await createStaticRoot();
  const testDatabase = await createTestDatabase();
  const db = await testDatabase.open();
  cleanUp.push(async () => {
    await db.close();
    await testDatabase.drop();
    await rm(staticRoot, { recursive: true, force: true });
  });
  // Each app closes its handle on close: the shared database is closed once, at the end. Each
  // announces only its own commits (the other's changes reach it through Redis).
  const handle = (): Database => Object.create(db, { close: { value: async () => undefined }, committedChangeListeners: { value: new Set() } }) as Database;
  const keyPrefix = `incontra-test-${randomBytes(6).toString('hex')}:`;
  const clock = new TestClock();
  const start = async (redisUrl: string): Promise<TestApp> => {
    const loaded = loadConfig({
      LOG_LEVEL: 'silent',
      STATIC_ROOT: staticRoot,
      DATA_DIR: staticRoot,
      REDIS_URL: redisUrl,
      ROOM_TOKEN_SECRET: 'dependency-timeouts-secret-0123456789',
      REDIS_COMMAND_TIMEOUT_MS: String(COMMAND_TIMEOUT_MS),
      REDIS_CONNECT_TIMEOUT_MS: String(COMMAND_TIMEOUT_MS),
      JOIN_REQUEST_RATE_LIMIT_PER_MINUTE: '100000',
      LOBBY_MAX_WAITING_PER_STORE: '100000',
    });
    const config = { ...loaded, rateLimits: { ...loaded.rateLimits, loginPerMinute: 1000 } };
    const shared = handle();
    const reporter = new RecordingErrorReporter();
    const app = await buildApp(config, { clock: clock.now, database: shared, errorReporter: reporter, signallingGraceMs: 0, signallingCluster: { keyPrefix } });
    await app.ready();
    cleanUp.unshift(() => app.close());
    return { app, db: shared, config, clock, reporter, close: () => app.close() };
  };
  a = await start(`redis://127.0.0.1:${await redisOfA.start()}`);
  b = await start(REDIS_URL);
}

beforeAll(async () => {
  await startApps();
  seeded = await seededRooms(a);
  const [store] = await a.db.asOwnerForTenant(seeded.demoId, (tx) =>
    tx
      .select({ id: stores.id })
      .from(stores)
      .where(and(eq(stores.companyId, seeded.demoId), eq(stores.name, 'Milano Centro'))),
  );
  milano = store!.id;
  lobbyOfB = (await lobbyAddress(b.app)).url;
}, START_TIMEOUT_MS);
afterEach(async () => {
  await Promise.all(open.splice(0).map((socket) => socket.close()));
  // A test that failed half-way leaves Redis reachable for the next one.
  await redisOfA.restore();
});
afterAll(async () => {
  for (const step of cleanUp) await step();
  await redisOfA.cut();
});

/** A visitor's browser on A, with its CSRF cookie, from an address of this run (limits count in Redis). */
async function visitorOnA(): Promise<Visitor> {
  const browser = new TestClient(a.app, 'demo.localhost', `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`);
  await browser.get('/api/me');
  return new Visitor(browser);
}

/** A staff console on B, its first queue read. */
async function staffOnB(): Promise<LobbySocket> {
  const socket = await LobbySocket.staff(lobbyOfB, await signedInStaff(b, 'admin'));
  open.push(socket);
  await socket.next('queue');
  return socket;
}

/** Sends a join request to A and measures how long its answer took. */
async function timedSend(visitor: Visitor, name: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await visitor.browser.post(`/api/video-room/${milano}/send-join-request`, { name, room: seeded.room('Sala Consulenza') });
  const ms = performance.now() - started;
  if (response.statusCode === 200) visitor.sent = response.json();
  return { status: response.statusCode, ms };
}

async function rowsNamed(name: string) {
  return a.db.asOwnerForTenant(seeded.demoId, (tx) =>
    tx
      .select({ id: joinRequests.id, status: joinRequests.status })
      .from(joinRequests)
      .where(and(eq(joinRequests.companyId, seeded.demoId), eq(joinRequests.name, name))),
  );
}

/** What each staff socket has shown so far: requests heard of live, and requests in a queue read afresh. */
const shown = new WeakMap<LobbySocket, { live: Set<string>; afresh: Set<string> }>();

function shownSoFar(staff: LobbySocket): { live: Set<string>; afresh: Set<string> } {
  const record = shown.get(staff) ?? { live: new Set<string>(), afresh: new Set<string>() };
  shown.set(staff, record);
  for (const message of staff.drain()) {
    if (message.type === 'request') record.live.add(message.request.id);
    if (message.type === 'queue') for (const request of message.requests) record.afresh.add(request.id);
  }
  return record;
}

/** Waits until the staff socket has shown every request, live or in a queue read afresh. */
async function shownTo(staff: LobbySocket, requestIds: string[]): Promise<void> {
  await until(
    () => {
      const { live, afresh } = shownSoFar(staff);
      return requestIds.every((id) => live.has(id) || afresh.has(id));
    },
    `requests ${requestIds.join(', ')} shown to the staff on B`,
    10_000,
  );
}

describe.each([
  ['refuses connections (cut)', () => redisOfA.cut()],
  ['is partitioned away (black hole)', async () => redisOfA.blackhole()],
])('while the Redis of process A %s', (_outage, breakRedis) => {
  it('answers every visitor within the bound with its token, and staff elsewhere get the requests once Redis is back', async () => {
    const staff = await staffOnB();
    await breakRedis();

    // One after the other, as visitors keep arriving during the outage: none may wait longer
    // than the last (reconnection attempts grow further apart as an outage lasts).
    const visitors: Visitor[] = [];
    const durations: number[] = [];
    for (let call = 0; call < VISITORS_DURING_OUTAGE; call += 1) {
      const visitor = await visitorOnA();
      const name = `Ospite ${randomBytes(4).toString('hex')}`;
      const sent = await timedSend(visitor, name);
      expect(sent.status).toBe(200);
      durations.push(Math.round(sent.ms));
      // Nothing half-done: the one row the answer speaks of, pending; the visitor's token opens it.
      expect(await rowsNamed(name)).toEqual([{ id: visitor.id, status: 'pending' }]);
      const status = await visitor.call();
      expect(status.statusCode).toBe(200);
      expect(status.json()).toMatchObject({ id: visitor.id, status: 'pending' });
      visitors.push(visitor);
    }
    expect(durations.filter((ms) => ms >= ANSWER_BUDGET_MS)).toEqual([]);

    await redisOfA.restore();
    // The notices B missed: its staff see the requests once A can publish again.
    await shownTo(
      staff,
      visitors.map((visitor) => visitor.id),
    );

    // The same request through A, Redis back: answered, and shown to the staff on B (live, or
    // afresh while A's publishing connection is still being opened again).
    const again = await visitorOnA();
    const resent = await timedSend(again, `Ospite ${randomBytes(4).toString('hex')}`);
    expect(resent.status).toBe(200);
    expect(resent.ms).toBeLessThan(ANSWER_BUDGET_MS);
    await shownTo(staff, [again.id]);
  }, 60_000);
});
