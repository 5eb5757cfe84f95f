import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { storeSlotsSchema } from '@incontra/contracts/api/reservations';
import { reservations, stores, topics } from '../src/db/schema';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import { TestClient } from './helpers/test-client';

/*
 * The flood the probe ran, replayed: 303 addresses, each with addresses of its own, book every
 * free start of Milano Centro's "Consulenza prodotto" over the next week (2 rooms, Monday to
 * Friday; 320 places on the probe's day, 222 here: Monday's first two hours are within the notice,
 * and the topic's starts are 30 minutes apart). With the product's defaults the store's breaker trips after 20 customer
 * bookings in 10 minutes and every later booking waits for an e-mail confirmation the flood never
 * gives: the places held stay at the breaker's count. FLOOD_BASELINE=1 runs it with the breaker
 * out of reach, as before it existed (the probe's figure: every place taken).
 */

const ADDRESSES = 303;
const baseline = process.env.FLOOD_BASELINE === '1';
const BREAKER_BOOKINGS = 20;

let t: TestApp;
let milano: string;
let topic: string;
let demoId: string;

beforeAll(async () => {
  t = await startTestApp({
    // The per-address limit (10 a minute) is not what held the flood: 303 addresses book 1–2 each.
    env: { BOOKING_BREAKER_BOOKINGS: baseline ? '100000' : String(BREAKER_BOOKINGS), BOOKING_BREAKER_WINDOW_MINUTES: '10' },
  });
  const [store] = await t.db.asOwner((tx) => tx.select({ id: stores.id, companyId: stores.companyId }).from(stores).where(eq(stores.name, 'Milano Centro')));
  milano = store!.id;
  demoId = store!.companyId;
  topic = (await t.db.asOwner((tx) => tx.select({ id: topics.id }).from(topics).where(eq(topics.name, 'Consulenza prodotto'))))[0]!.id;
}, START_TIMEOUT_MS);
afterAll(() => t.close());

it(`holds at most the breaker's ${BREAKER_BOOKINGS} places against a flood from ${ADDRESSES} addresses`, async () => {
  const browser = new TestClient(t.app, 'demo.localhost', '203.0.113.1');
  await browser.get('/api/me');
  const week = storeSlotsSchema.parse((await browser.get(`/api/config/store/${milano}/slots?topic=${topic}&from=2026-03-02&to=2026-03-08`)).json());
  const places = week.days.flatMap((day) => day.slots.flatMap((slot) => Array.from({ length: slot.remaining }, () => slot.startsAt)));
  expect(places.length).toBeGreaterThan(200);

  const answers = new Map<number, number>();
  const started = performance.now();
  // Each address books its share of the places, one after the other, as fast as it is answered.
  await Promise.all(
    Array.from({ length: ADDRESSES }, async (_unused, address) => {
      const visitor = new TestClient(t.app, 'demo.localhost', `10.${Math.floor(address / 250)}.${address % 250}.9`);
      await visitor.get('/api/me');
      for (let index = address; index < places.length; index += ADDRESSES) {
        const response = await visitor.post('/api/reservations', {
          store: milano,
          topic,
          startsAt: places[index],
          firstName: 'Flood',
          lastName: `N${index}`,
          email: `flood${index}@example.${address % 7}.com`,
          phone: '+39 333 123 4567',
          privacyConsent: true,
        });
        answers.set(response.statusCode, (answers.get(response.statusCode) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const [held] = await t.db.asOwnerForTenant(demoId, (tx) =>
    tx
      .select({ count: sql<number>`count(*)::int` })
      .from(reservations)
      .where(
        and(
          eq(reservations.storeId, milano),
          eq(reservations.status, 'booked'),
          gte(reservations.startsAt, new Date('2026-03-02')),
          lt(reservations.startsAt, new Date('2026-03-09')),
        ),
      ),
  );
  // The figures are this test's purpose beside its assertion: the closing notes quote them.
  // eslint-disable-next-line no-console
  console.log(
    JSON.stringify({
      flood: baseline ? 'baseline (no breaker)' : 'product defaults',
      addresses: ADDRESSES,
      places: places.length,
      held: held!.count,
      answers: Object.fromEntries(answers),
      seconds: Math.round(seconds * 10) / 10,
    }),
  );
  if (baseline) {
    expect(held!.count).toBe(places.length);
  } else {
    // The booking that passes the count trips the breaker: 21 held, the rest wait for confirmations that never come.
    expect(held!.count).toBe(BREAKER_BOOKINGS + 1);
    expect(answers.get(202)).toBe(places.length - BREAKER_BOOKINGS - 1);
  }
}, 180_000);
