// Booking at scale: a store of the bench company with 5 rooms serving one topic (2 places each,
// 30-minute appointments, Monday to Friday 9–13 and 14–18 in Europe/Rome) and 1,000 appointments
// already booked over the next 60 days, written straight into the embedded database while the API
// is stopped. Then the visitor's availability question for the 60 days under load, beside
// GET /api/company/{host} in the same run, and 200 bookings sent at once for one start; then the
// same store's paid topic (25,00 €, the built-in test mode): 200 bookings at once for another
// start, each a 15-minute hold while its customer pays, exactly as many held as there are places.
import autocannon from 'autocannon';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { BENCH_HOST, call } from './backoffice.mjs';

const ROOMS = 5;
const PLACES = 2;
const RESERVATIONS = 1000;
const HORIZON_DAYS = 60;
const PARALLEL_BOOKINGS = 200;

/** Adds the store "Prenotazioni" to the bench company; answers its id, its topic's and the dates asked about. */
export async function seedBookingStore(root, dataDir) {
  const require = createRequire(join(root, 'api', 'package.json'));
  const { PGlite } = require('@electric-sql/pglite');
  const { btree_gist } = require('@electric-sql/pglite/contrib/btree_gist');
  const { DateTime } = require('luxon');
  const db = await PGlite.create({ dataDir: join(dataDir, 'pglite'), extensions: { btree_gist } });
  const today = DateTime.now().setZone('Europe/Rome').startOf('day');
  try {
    return await db.transaction(async (tx) => {
      const { rows: company } = await tx.query(`select id from companies where slug = 'bench'`);
      const companyId = company[0].id;
      const { rows: store } = await tx.query(`insert into stores (company_id, name, address) values ($1, 'Prenotazioni', 'Via Torino 1') returning id`, [
        companyId,
      ]);
      const storeId = store[0].id;
      const { rows: topic } = await tx.query(`insert into topics (company_id, store_id, name) values ($1, $2, 'Consulenza') returning id`, [
        companyId,
        storeId,
      ]);
      const { rows: paidTopic } = await tx.query(
        `insert into topics (company_id, store_id, name, price) values ($1, $2, 'Consulenza a pagamento', 2500) returning id`,
        [companyId, storeId],
      );
      const { rows: rooms } = await tx.query(
        `insert into rooms (company_id, store_id, name, reservation_slots, slot_duration)
         select $1, $2, 'Sala prenotazioni ' || n, $3, 30 from generate_series(1, $4) n returning id`,
        [companyId, storeId, PLACES, ROOMS],
      );
      await tx.query(
        `insert into slot_schedules (company_id, room_id, weekday, start_time, end_time)
         select $1, r.id, d, t.s::time, t.e::time
         from unnest($2::uuid[]) r(id) cross join generate_series(1, 5) d cross join (values ('09:00', '13:00'), ('14:00', '18:00')) t(s, e)`,
        [companyId, rooms.map((room) => room.id)],
      );
      // 1,000 appointments: every weekday from tomorrow, the rooms' first place at each half hour
      // of the morning, round-robin, until there are enough; the last week stays free.
      const rows = [];
      for (let day = 1; rows.length < RESERVATIONS && day < HORIZON_DAYS - 7; day += 1) {
        const date = today.plus({ days: day });
        if (date.weekday > 5) continue;
        for (let slot = 0; slot < 8 && rows.length < RESERVATIONS; slot += 1) {
          for (const room of rooms) {
            if (rows.length >= RESERVATIONS) break;
            const start = date.set({ hour: 9 + Math.floor(slot / 2), minute: (slot % 2) * 30 });
            rows.push([room.id, start.toUTC().toISO(), start.plus({ minutes: 30 }).toUTC().toISO()]);
          }
        }
      }
      await tx.query(
        `insert into reservations (company_id, store_id, room_id, topic_id, seat, status, customer_name, customer_email, starts_at, ends_at)
         select $1, $2, r.room, $3, 1, 'booked', 'Cliente ' || r.n, 'cliente' || r.n || '@bench.incontra.local', r.s, r.e
         from unnest($4::uuid[], $5::timestamptz[], $6::timestamptz[]) with ordinality r(room, s, e, n)`,
        [companyId, storeId, topic[0].id, rows.map((row) => row[0]), rows.map((row) => row[1]), rows.map((row) => row[2])],
      );
      // The free start the parallel bookings race for: the last weekday's first morning slot.
      let last = today.plus({ days: HORIZON_DAYS - 1 });
      while (last.weekday > 5) last = last.minus({ days: 1 });
      return {
        storeId,
        topicId: topic[0].id,
        paidTopicId: paidTopic[0].id,
        from: today.toISODate(),
        to: today.plus({ days: HORIZON_DAYS - 1 }).toISODate(),
        raceStart: last.set({ hour: 9 }).toUTC().toISO({ suppressMilliseconds: false }),
        paidRaceStart: last.set({ hour: 10 }).toUTC().toISO({ suppressMilliseconds: false }),
        reservations: rows.length,
        rooms: ROOMS,
      };
    });
  } finally {
    await db.close();
  }
}

async function load(url, connections, durationSeconds) {
  const result = await autocannon({ url, connections, duration: durationSeconds, headers: { host: BENCH_HOST } });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** A browser's cookies and CSRF header on the bench company's host. */
async function visitorHeaders(port) {
  const me = await call(port, { path: '/api/me' });
  const cookies = (me.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]);
  const csrf = cookies.find((pair) => pair.split('=')[0].endsWith('csrf'))?.split('=')[1];
  return { cookie: cookies.join('; '), 'x-csrf-token': csrf, 'content-type': 'application/json' };
}

export async function bookingFigures(port, seeded, durationSeconds) {
  const connections = 10;
  const slotsPath = `/api/config/store/${seeded.storeId}/slots?topic=${seeded.topicId}&from=${seeded.from}&to=${seeded.to}`;
  const answer = await call(port, { path: slotsPath });
  const body = JSON.parse(answer.text);
  if (answer.status !== 200 || body.days.length !== HORIZON_DAYS) throw new Error(`slots answered ${answer.status}: ${answer.text.slice(0, 200)}`);
  const raceDay = body.days.flatMap((day) => day.slots).find((slot) => slot.startsAt === seeded.raceStart);
  if (!raceDay) throw new Error(`the race's start ${seeded.raceStart} is not free`);
  const slotsUrl = `http://127.0.0.1:${port}${slotsPath}`;
  const companyUrl = `http://127.0.0.1:${port}/api/company/${BENCH_HOST}`;
  await load(slotsUrl, connections, 2); // warm-up, not reported
  const slots = await load(slotsUrl, connections, durationSeconds);
  const company = await load(companyUrl, connections, durationSeconds);

  const headers = await visitorHeaders(port);
  const race = await parallelBookings(port, headers, { store: seeded.storeId, topic: seeded.topicId, startsAt: seeded.raceStart, who: 'gara' });
  const paidPlaces = await placesAt(port, seeded, seeded.paidTopicId, seeded.paidRaceStart);
  const paidRace = await parallelBookings(port, headers, { store: seeded.storeId, topic: seeded.paidTopicId, startsAt: seeded.paidRaceStart, who: 'pagato' });
  return {
    store: { rooms: ROOMS, placesPerRoom: PLACES, existingReservations: seeded.reservations, days: HORIZON_DAYS },
    availability: {
      endpoint: 'GET /api/config/store/{id}/slots (60 days, one topic, 5 rooms)',
      connections,
      durationSeconds,
      responseKiB: Math.round((answer.text.length / 1024) * 10) / 10,
      ...slots,
      goalP99Ms: 20,
    },
    baselineCompanyByHost: { endpoint: 'GET /api/company/{host}', connections, durationSeconds, ...company },
    parallelBookings: { sent: PARALLEL_BOOKINGS, placesFree: raceDay.remaining, ...race.counts, allAnsweredMs: race.allAnsweredMs },
    parallelPaidHolds: {
      topicPrice: '25,00 €',
      sent: PARALLEL_BOOKINGS,
      placesFree: paidPlaces,
      held: paidRace.answers.filter((response) => response.status === 201 && JSON.parse(response.text).reservation.status === 'held' && JSON.parse(response.text).checkout !== null).length,
      ...paidRace.counts,
      allAnsweredMs: paidRace.allAnsweredMs,
    },
  };
}

/** The free places of `topic` at `startsAt` (its day's slots, as the visitor reads them). */
async function placesAt(port, seeded, topic, startsAt) {
  const day = startsAt.slice(0, 10);
  const answer = await call(port, { path: `/api/config/store/${seeded.storeId}/slots?topic=${topic}&from=${seeded.from}&to=${seeded.to}` });
  const slot = JSON.parse(answer.text)
    .days.flatMap((entry) => entry.slots)
    .find((candidate) => candidate.startsAt === startsAt);
  if (!slot) throw new Error(`the paid race's start ${startsAt} (${day}) is not free`);
  return slot.remaining;
}

/** PARALLEL_BOOKINGS bookings of one start sent at once: the answers by status and the time to the last. */
async function parallelBookings(port, headers, { store, topic, startsAt, who }) {
  const started = process.hrtime.bigint();
  const answers = await Promise.all(
    Array.from({ length: PARALLEL_BOOKINGS }, (_, i) =>
      call(port, {
        method: 'POST',
        path: '/api/reservations',
        headers,
        body: JSON.stringify({
          store,
          topic,
          startsAt,
          firstName: 'Cliente',
          lastName: `Gara ${i}`,
          email: `${who}${i}@bench.incontra.local`,
          phone: '+39 333 123 4567',
          privacyConsent: true,
        }),
      }),
    ),
  );
  const allAnsweredMs = Math.round(Number(process.hrtime.bigint() - started) / 1e6);
  const count = (status) => answers.filter((response) => response.status === status).length;
  return {
    answers,
    allAnsweredMs,
    counts: {
      created: count(201),
      refused409: count(409),
      other: answers.filter((response) => response.status !== 201 && response.status !== 409).map((response) => response.status),
    },
  };
}
