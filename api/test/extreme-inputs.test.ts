import { spawn, type ChildProcess } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { IT } from '@incontra/contracts/messages/it';
import { rooms, stores, topics } from '../src/db/schema';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import { TestClient } from './helpers/test-client';

/*
 * No input, however extreme, holds the process: every request below is answered within a fixed
 * budget with a 4xx, and an ordinary request sent at the same moment is answered normally within
 * the same budget. Before, years 9999 sent the slot walk round for ever (the day after 9999-12-31
 * is "+010000-01-01", which sorts before it), and a body nested 32,000 deep held the process 21 s.
 *
 * A request that never returns would hold this process too, timers included: a watchdog process
 * kills it after WATCHDOG_MS, so that a regression fails the run instead of hanging it.
 */

/** Generous: each of these is answered in milliseconds; before, the worst took 21 s or never. */
const BUDGET_MS = 5_000;
const WATCHDOG_MS = 120_000;

let t: TestApp;
let watchdog: ChildProcess;
let store: string;
let topic: string;
let room: string;
let staff: TestClient;

beforeAll(async () => {
  watchdog = spawn(
    process.execPath,
    [
      '-e',
      `setTimeout(() => { console.error('extreme-inputs: the process was held ${WATCHDOG_MS} ms'); process.kill(${process.pid}, 'SIGKILL'); }, ${WATCHDOG_MS})`,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  t = await startTestApp({ rateLimits: { bookingsPerMinute: 10_000, manageCallsPerMinute: 10_000, loginPerMinute: 10_000 } });
  const ids = await t.db.asOwner(async (tx) => ({
    store: (await tx.select({ id: stores.id }).from(stores).where(eq(stores.name, 'Milano Centro')))[0]!.id,
    topic: (await tx.select({ id: topics.id }).from(topics).where(eq(topics.name, 'Consulenza prodotto')))[0]!.id,
    room: (await tx.select({ id: rooms.id }).from(rooms).where(eq(rooms.name, 'Sala Consulenza')))[0]!.id,
  }));
  ({ store, topic, room } = ids);
  staff = new TestClient(t.app);
  expect((await staff.login()).statusCode).toBe(200);
}, START_TIMEOUT_MS);

afterAll(async () => {
  watchdog.kill();
  await t.close();
});

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const nestedObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

interface Extreme {
  what: string;
  send(visitor: TestClient): ReturnType<TestClient['request']>;
  status: number;
  field?: string;
}

const slots = (from: string, to: string) => (visitor: TestClient) => visitor.get(`/api/config/store/${store}/slots?topic=${topic}&from=${from}&to=${to}`);
const book = (startsAt: string) => (visitor: TestClient) =>
  visitor.post('/api/reservations', {
    store,
    topic,
    startsAt,
    firstName: 'Mario',
    lastName: 'Rossi',
    email: `estremo.${startsAt.replace(/\W/g, '')}@example.it`,
    phone: '+39 333 123 4567',
    privacyConsent: true,
  });
const json = (url: string, text: string) => (visitor: TestClient) => visitor.post(url, text, { 'content-type': 'application/json' });

const extremes: Extreme[] = [
  { what: 'slots in year 9999', send: slots('9999-12-01', '9999-12-31'), status: 400, field: 'from' },
  { what: 'slots in year 0000', send: slots('0000-01-01', '0000-01-31'), status: 400, field: 'from' },
  { what: 'slots ending 9999-12-31', send: slots('2026-03-02', '9999-12-31'), status: 400, field: 'to' },
  { what: 'slots over a reversed range', send: slots('2026-03-10', '2026-03-02'), status: 400, field: 'to' },
  { what: 'slots over ten years', send: slots('2026-03-02', '2036-03-01'), status: 400, field: 'to' },
  { what: 'slots a year past the horizon', send: slots('2027-03-02', '2027-03-03'), status: 400, field: 'from' },
  { what: 'slots of last year', send: slots('2025-03-02', '2025-03-03'), status: 400, field: 'from' },
  { what: 'a booking in year 9999', send: book('9999-12-30T10:00:00Z'), status: 400, field: 'startsAt' },
  { what: 'a booking at 9999-12-31T23:59:59Z', send: book('9999-12-31T23:59:59Z'), status: 400, field: 'startsAt' },
  { what: 'a booking in year 0000', send: book('0000-01-01T10:00:00Z'), status: 400, field: 'startsAt' },
  {
    what: 'a move to year 9999',
    send: (visitor) => visitor.post(`/api/reservations/${room}/move`, { startsAt: '9999-12-30T10:00:00Z' }),
    status: 400,
    field: 'startsAt',
  },
  { what: 'a sign-in nested 10,000 deep', send: json('/api/login', nested(10_000)), status: 400 },
  { what: 'a sign-in nested 32,000 deep (64 KB)', send: json('/api/login', nested(32_000)), status: 400 },
  { what: 'a sign-in of objects nested 10,000 deep', send: json('/api/login', nestedObject(10_000)), status: 400 },
  { what: 'a booking nested 10,000 deep', send: json('/api/reservations', nested(10_000)), status: 400 },
  {
    what: 'a join request nested 10,000 deep',
    send: (visitor) => json(`/api/video-room/${store}/send-join-request`, `{"name":"Anna","room":"${room}","x":${nested(10_000)}}`)(visitor),
    status: 400,
  },
  { what: 'a body over the size limit', send: json('/api/login', `{"company":"${'x'.repeat(2 * 1024 * 1024)}"}`), status: 413 },
];

const staffExtremes: Extreme[] = [
  { what: 'the agenda from year 0000 to 9999', send: () => staff.get('/api/bo/reservations?from=0000-01-01&to=9999-12-31'), status: 400, field: 'from' },
  { what: 'the agenda to 9999-12-31', send: () => staff.get('/api/bo/reservations?from=2026-03-02&to=9999-12-31'), status: 400, field: 'to' },
  { what: 'the agenda with a huge page size', send: () => staff.get('/api/bo/reservations?pageSize=1000000000'), status: 400, field: 'pageSize' },
  { what: 'the users with a huge page size', send: () => staff.get('/api/users?pageSize=1000000000'), status: 400, field: 'pageSize' },
  {
    what: 'a staff booking in year 9999',
    send: () =>
      staff.post('/api/bo/reservations', {
        store,
        topic,
        startsAt: '9999-12-30T10:00:00Z',
        firstName: 'Mario',
        lastName: 'Rossi',
        email: 'm@example.it',
        phone: '+39 333 123 4567',
      }),
    status: 400,
    field: 'startsAt',
  },
  {
    what: 'a room exception in year 9999',
    send: () => staff.post(`/api/room/${room}/exceptions`, { date: '9999-12-31', ranges: [] }),
    status: 400,
    field: 'date',
  },
  {
    what: 'a room exception in year 0000',
    send: () => staff.post(`/api/room/${room}/exceptions`, { date: '0000-01-01', ranges: [] }),
    status: 400,
    field: 'date',
  },
];

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work;
  return { value, ms: performance.now() - started };
}

describe.each([
  ['a visitor', extremes],
  ['staff', staffExtremes],
])('extreme inputs from %s', (_who, cases) => {
  it.each(cases.map((extreme) => [extreme.what, extreme] as const))(
    'answers %s with a 4xx in time, and an ordinary request meanwhile',
    async (_what, extreme) => {
      const visitor = new TestClient(t.app, 'demo.localhost', '198.51.100.40');
      await visitor.get('/api/me');
      const [answer, ordinary] = await Promise.all([timed(extreme.send(visitor)), timed(visitor.get('/api/config/company'))]);
      expect(answer.value.statusCode).toBe(extreme.status);
      if (extreme.field) expect(answer.value.json()).toMatchObject({ statusCode: extreme.status, field: extreme.field });
      expect(answer.ms).toBeLessThan(BUDGET_MS);
      expect(ordinary.value.statusCode).toBe(200);
      expect(ordinary.ms).toBeLessThan(BUDGET_MS);
    },
  );
});

it('names the limit in Italian for a body nested too deep', async () => {
  const visitor = new TestClient(t.app);
  await visitor.get('/api/me');
  const answer = await json('/api/login', nested(40))(visitor);
  expect(answer.json()).toMatchObject({ statusCode: 400, message: IT.errors.nestedTooDeep });
  // A body within the limit is the schema's to judge, as before.
  expect((await json('/api/login', nested(30))(visitor)).json()).toMatchObject({ statusCode: 400, message: IT.errors.invalidBody });
});
