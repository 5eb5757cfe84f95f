import ICAL from 'ical.js';
import { and, eq, inArray } from 'drizzle-orm';
import {
  createdReservationSchema,
  customerReservationSchema,
  slotTakenSchema,
  staffReservationSchema,
  staffReservationsPageSchema,
  storeSlotsSchema,
  type ReservationBody,
  type StaffReservationBody,
} from '@incontra/contracts/api/reservations';
import { liveQueueSchema, sentJoinRequestSchema } from '@incontra/contracts/api/join-requests';
import { IT_BOOKING } from '@incontra/contracts/messages/it-booking';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { markNoShows } from '../src/booking/reminders';
import { activityLog, mailOutbox, reservations, rooms, topics, users, userStores } from '../src/db/schema';
import { reservationBodies, seededBooking, serveByOneRoom, siteVisitor } from './helpers/booking-fixtures';
import { tokenOfJoinPath } from './helpers/join-token';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import { TestClient } from './helpers/test-client';

/*
 * Booking through the API on the demo data: Milano Centro's topic "Consulenza prodotto" is served
 * by every room of the store (Sala Assistenza: 2 places × 20 min; Sala Consulenza: 1 × 30 min),
 * Monday to Friday 9–13 and 14–18 in Europe/Rome. The clock stands at Monday 2 March 2026, 10:00
 * in Rome (09:00Z); the default notice (2 h) makes 12:00 the first bookable start that day.
 */

let t: TestApp;
let demoId: string;
let acmeId: string;
let milano: string;
let roma: string;
let consulenzaTopic: string;
let consulenzaRoom: string;
let assistenzaRoom: string;
let acmeStore: string;
let acmeTopic: string;
let singleRoomTopic: string;

/** A browser on the company's site: it has its CSRF cookie, as the pages' first call gives it. */
const visitor = (host = 'demo.localhost', address = '198.51.100.7') => siteVisitor(t, host, address);

beforeAll(async () => {
  t = await startTestApp({ rateLimits: { bookingsPerMinute: 10_000, manageCallsPerMinute: 10_000 } });
  const ids = await seededBooking(t);
  ({ demoId, acmeId, milano, roma, acmeStore, consulenzaTopic, acmeTopic, consulenzaRoom, assistenzaRoom, singleRoomTopic } = ids);
  // "Assistenza post-vendita" is served by Sala Consulenza alone: one place per start.
  await serveByOneRoom(t, ids);
}, START_TIMEOUT_MS);

afterAll(() => t.close());

/** A booking body for a new customer each time (the per-address limit stays out of the way). */
const body = reservationBodies(
  () => ({
    store: milano,
    topic: consulenzaTopic,
    firstName: 'Mario',
    lastName: 'Rossi',
    phone: '333 123 4567',
    notes: 'Vorrei vedere i nuovi modelli.',
    privacyConsent: true,
  }),
  (n) => ({ email: `mario.rossi.${n}@example.it` }),
);

const slots = async (query: string) => (await visitor()).get(`/api/config/store/${milano}/slots?${query}`);

async function outboxTo(email: string) {
  return t.db.asOwner((tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(mailOutbox.createdAt));
}

function parseCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  return { method: calendar.getFirstPropertyValue('method'), event, status: event.component.getFirstPropertyValue('status') };
}

async function activeCount(roomId: string, startsAt: string) {
  const rows = await t.db.asOwner((tx) =>
    tx
      .select({ id: reservations.id })
      .from(reservations)
      .where(and(eq(reservations.roomId, roomId), eq(reservations.startsAt, new Date(startsAt)), inArray(reservations.status, ['booked', 'completed']))),
  );
  return rows.length;
}

describe('GET /api/config/store/{id}/slots', () => {
  it('answers the free starts per day in the company zone, from the notice on, with the places left over the rooms', async () => {
    const response = await slots(`topic=${consulenzaTopic}&from=2026-03-02&to=2026-03-03`);
    expect(response.statusCode).toBe(200);
    const answer = storeSlotsSchema.parse(response.json());
    expect(answer.timeZone).toBe('Europe/Rome');
    const [monday, tuesday] = answer.days;
    expect(monday!.date).toBe('2026-03-02');
    expect(monday!.slots[0]).toEqual({ startsAt: '2026-03-02T11:00:00.000Z', time: '12:00', remaining: 3 });
    // One grid for the topic, 30 minutes apart (its longest appointment): both rooms start at each.
    expect(tuesday!.slots.slice(0, 3)).toEqual([
      { startsAt: '2026-03-03T08:00:00.000Z', time: '09:00', remaining: 3 },
      { startsAt: '2026-03-03T08:30:00.000Z', time: '09:30', remaining: 3 },
      { startsAt: '2026-03-03T09:00:00.000Z', time: '10:00', remaining: 3 },
    ]);
  });

  it('narrows to one room, and says nothing of days past the horizon', async () => {
    const one = storeSlotsSchema.parse((await slots(`topic=${consulenzaTopic}&room=${consulenzaRoom}&from=2026-03-03&to=2026-03-03`)).json());
    expect(one.days[0]!.slots.map((slot) => slot.time).slice(0, 3)).toEqual(['09:00', '09:30', '10:00']);
    expect(one.days[0]!.slots.every((slot) => slot.remaining === 1)).toBe(true);
    // Today and 59 more days: 30 April is the last (2 March + 59), 1 May is past the horizon.
    const edge = storeSlotsSchema.parse((await slots(`topic=${consulenzaTopic}&from=2026-04-30&to=2026-05-01`)).json());
    expect(edge.days[0]!.slots.length).toBeGreaterThan(0);
    expect(edge.days[1]!.slots).toEqual([]);
  });

  it('refuses a malformed question naming the field, and another company’s or store’s ids as not found', async () => {
    expect((await slots(`topic=nope&from=2026-03-02&to=2026-03-03`)).json()).toMatchObject({
      statusCode: 400,
      field: 'topic',
      message: IT_BOOKING.validation.topic,
    });
    expect((await slots(`topic=${consulenzaTopic}&from=2026-03-10&to=2026-03-02`)).json()).toMatchObject({ statusCode: 400, field: 'to' });
    expect((await slots(`topic=${consulenzaTopic}&from=2026-03-02&to=2026-06-30`)).json()).toMatchObject({ statusCode: 400, field: 'to' });
    expect((await slots(`topic=${consulenzaTopic}&from=2026-02-30&to=2026-03-03`)).json()).toMatchObject({ statusCode: 400, field: 'from' });
    expect((await slots(`topic=${consulenzaTopic}&room=${assistenzaRoom}x&from=2026-03-02&to=2026-03-03`)).json()).toMatchObject({
      statusCode: 400,
      field: 'room',
    });
    // The topic of another store, and of another company.
    const romaTopic = (await t.db.asOwner((tx) => tx.select({ id: topics.id }).from(topics).where(eq(topics.storeId, roma))))[0]!.id;
    expect((await slots(`topic=${romaTopic}&from=2026-03-02&to=2026-03-03`)).statusCode).toBe(404);
    expect((await slots(`topic=${acmeTopic}&from=2026-03-02&to=2026-03-03`)).statusCode).toBe(404);
    const acmeStoreAsked = await (await visitor()).get(`/api/config/store/${acmeStore}/slots?topic=${acmeTopic}&from=2026-03-02&to=2026-03-03`);
    expect(acmeStoreAsked.statusCode).toBe(404);
    // A room that does not serve this topic's store.
    const acmeRoom = (await t.db.asOwner((tx) => tx.select({ id: rooms.id }).from(rooms).where(eq(rooms.companyId, acmeId))))[0]!.id;
    expect((await slots(`topic=${consulenzaTopic}&room=${acmeRoom}&from=2026-03-02&to=2026-03-03`)).json()).toMatchObject({ statusCode: 404, field: 'room' });
  });
});

describe('POST /api/reservations', () => {
  it('books a free start: 201 with the manage token, the confirmation with its .ics, and a notice to the store’s staff', async () => {
    const request = body('2026-03-04T08:00:00.000Z', { room: consulenzaRoom });
    const response = await (await visitor()).post('/api/reservations', request);
    expect(response.statusCode).toBe(201);
    const created = createdReservationSchema.parse(response.json());
    expect(created.reservation).toMatchObject({
      status: 'booked',
      startsAt: '2026-03-04T08:00:00.000Z',
      endsAt: '2026-03-04T08:30:00.000Z',
      timeZone: 'Europe/Rome',
      room: { id: consulenzaRoom, name: 'Sala Consulenza' },
      topic: { id: consulenzaTopic, name: 'Consulenza prodotto' },
      customer: { firstName: 'Mario', lastName: 'Rossi', email: request.email, phone: '+393331234567' },
      changeableUntil: '2026-03-04T06:00:00.000Z',
      joinOpensAt: '2026-03-04T07:45:00.000Z',
      sequence: 0,
    });
    expect(created.manageToken.length).toBeGreaterThanOrEqual(40);

    const [mail] = await outboxTo(request.email);
    expect(mail!.subject).toBe(IT_BOOKING.mail.confirmedSubject('Demo', 'mercoledì 4 marzo 2026, 09:00'));
    // The join link carries the customer's join token: the bare id opens nothing.
    expect(created.reservation.joinPath).toMatch(new RegExp(`^/partecipa\\?appuntamento=${created.reservation.id}&token=[0-9a-f]{64}$`));
    expect(mail!.text).toContain(`http://demo.localhost:3000${created.reservation.joinPath}`);
    expect(mail!.text).toContain(`http://demo.localhost:3000/prenotazione/${created.reservation.id}?token=${created.manageToken}`);
    const calendar = parseCalendar(mail!.attachments[0]!.content);
    expect(calendar.method).toBe('REQUEST');
    expect(calendar.status).toBe('CONFIRMED');
    expect(calendar.event.uid).toBe(`${created.reservation.id}@incontra`);
    expect(calendar.event.sequence).toBe(0);
    expect(calendar.event.startDate.toJSDate().toISOString()).toBe('2026-03-04T08:00:00.000Z');
    expect(calendar.event.endDate.toJSDate().toISOString()).toBe('2026-03-04T08:30:00.000Z');
    expect(calendar.event.summary).toBe('Consulenza prodotto · Demo');

    for (const staff of ['admin@demo.incontra.local', 'operatore@demo.incontra.local']) {
      const notices = (await outboxTo(staff)).filter(
        (message) => message.subject === IT_BOOKING.mail.staffNewSubject('mercoledì 4 marzo 2026, 09:00', 'Mario Rossi'),
      );
      expect(notices).toHaveLength(1);
      expect(notices[0]!.text).toContain('Vorrei vedere i nuovi modelli.');
    }
  });

  it('refuses a start already taken with 409, the reason and the nearest free times, and writes nothing', async () => {
    // Wednesday 18 March: 09:00 and 10:00 (Rome) taken in Sala Consulenza.
    const start = '2026-03-18T09:00:00.000Z';
    for (const startsAt of ['2026-03-18T08:00:00.000Z', start]) {
      expect((await (await visitor()).post('/api/reservations', body(startsAt, { room: consulenzaRoom }))).statusCode).toBe(201);
    }
    const before = await activeCount(consulenzaRoom, start);
    const refused = await (await visitor()).post('/api/reservations', body(start, { room: consulenzaRoom }));
    expect(refused.statusCode).toBe(409);
    const answer = slotTakenSchema.parse(refused.json());
    expect(answer.message).toBe(IT_BOOKING.errors.slotUnavailable);
    // The nearest free times either side of 10:00 (09:00 is taken too), listed in time order.
    expect(answer.alternatives.map((slot) => `${slot.date} ${slot.time}`)).toEqual(
      ['09:30', '10:30', '11:00', '11:30', '12:00', '12:30'].map((time) => `2026-03-18 ${time}`),
    );
    expect(answer.alternatives).toContainEqual({ startsAt: '2026-03-18T08:30:00.000Z', date: '2026-03-18', time: '09:30' });
    expect(answer.alternatives.some((slot) => slot.startsAt === start)).toBe(false);
    expect(await activeCount(consulenzaRoom, start)).toBe(before);
  });

  it('refuses starts that are not free times: off the grid, too soon, past the horizon, on a closed day', async () => {
    for (const startsAt of ['2026-03-04T08:10:00.000Z', '2026-03-02T10:00:00.000Z', '2026-05-04T08:00:00.000Z', '2026-03-07T09:00:00.000Z']) {
      const response = await (await visitor()).post('/api/reservations', body(startsAt));
      expect(response.json()).toMatchObject({ statusCode: 409, field: 'startsAt', message: IT_BOOKING.errors.slotUnavailable });
    }
  });

  it('refuses bad bodies with 400 naming the field, and another company’s ids with 404', async () => {
    const start = '2026-03-05T08:00:00.000Z';
    const cases: [Partial<Record<keyof ReservationBody, unknown>>, string][] = [
      [{ privacyConsent: false }, 'privacyConsent'],
      [{ email: 'mario@' }, 'email'],
      [{ phone: '123' }, 'phone'],
      [{ phone: 'chiamami' }, 'phone'],
      [{ firstName: '  ' }, 'firstName'],
      [{ lastName: 'Rossi<script>' }, 'lastName'],
      [{ notes: 'x'.repeat(1001) }, 'notes'],
      [{ startsAt: 'domani' }, 'startsAt'],
      [{ topic: 'nope' }, 'topic'],
    ];
    for (const [change, field] of cases) {
      const response = await (await visitor()).post('/api/reservations', { ...body(start), ...change });
      expect({ field, answer: response.json() }).toMatchObject({ field, answer: { statusCode: 400, field } });
    }
    const { privacyConsent: _omitted, ...withoutConsent } = body(start);
    expect((await (await visitor()).post('/api/reservations', withoutConsent)).json()).toMatchObject({
      statusCode: 400,
      field: 'privacyConsent',
      message: IT_BOOKING.validation.privacyConsent,
    });
    expect((await (await visitor()).post('/api/reservations', body(start, { topic: acmeTopic }))).json()).toMatchObject({ statusCode: 404, field: 'topic' });
    expect((await (await visitor()).post('/api/reservations', body(start, { store: acmeStore, topic: acmeTopic }))).statusCode).toBe(404);
    expect((await (await visitor('acme.localhost')).post('/api/reservations', body(start))).statusCode).toBe(404);
    expect(await activeCount(consulenzaRoom, start)).toBe(0);
    expect(await activeCount(assistenzaRoom, start)).toBe(0);
  });

  it('creates one reservation for a retried submit with the same Idempotency-Key, and refuses the key with another body', async () => {
    const key = 'retry-key-0123456789abcdef';
    const request = body('2026-03-05T09:00:00.000Z', { room: consulenzaRoom });
    const first = await (await visitor()).post('/api/reservations', request, { 'idempotency-key': key });
    const second = await (await visitor()).post('/api/reservations', request, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await activeCount(consulenzaRoom, request.startsAt)).toBe(1);
    expect(await outboxTo(request.email)).toHaveLength(1);
    const other = await (await visitor()).post('/api/reservations', { ...request, notes: 'Un’altra cosa' }, { 'idempotency-key': key });
    expect(other.json()).toMatchObject({ statusCode: 422, message: IT_BOOKING.errors.idempotencyMismatch });
    const malformed = await (await visitor()).post('/api/reservations', body('2026-03-05T10:00:00.000Z'), { 'idempotency-key': 'short' });
    expect(malformed.json()).toMatchObject({ statusCode: 400, field: 'Idempotency-Key' });
  });

  it('lets one address hold at most five appointments still to come', async () => {
    const email = 'assidua@example.it';
    const starts = ['08:00', '08:20', '08:40', '09:00', '09:20', '09:40'].map((time) => `2026-03-06T${time}:00.000Z`);
    const answers = [];
    for (const startsAt of starts) answers.push((await (await visitor()).post('/api/reservations', body(startsAt, { email, room: assistenzaRoom }))).json());
    expect(answers.slice(0, 5).every((answer) => answer.reservation?.status === 'booked')).toBe(true);
    expect(answers[5]).toMatchObject({ statusCode: 429, field: 'email', message: IT_BOOKING.errors.tooManyForEmail });
  });
});

/** 200 bookings in one process on a busy machine take tens of seconds on PGlite. */
const RACE_TIMEOUT_MS = 180_000;

describe('capacity under concurrency', () => {
  /** 200 submits for one start at once; the answers' status codes. */
  async function race(startsAt: string, room: string) {
    const browsers = await Promise.all(Array.from({ length: 200 }, (_, i) => visitor('demo.localhost', `203.0.113.${i % 250}`)));
    const responses = await Promise.all(browsers.map((browser) => browser.post('/api/reservations', body(startsAt, { room }))));
    return responses.map((response) => response.statusCode);
  }

  it(
    'gives one of 200 parallel bookings the only place, and 409 to the others',
    async () => {
      const startsAt = '2026-03-09T08:00:00.000Z';
      const codes = await race(startsAt, consulenzaRoom);
      expect(codes.filter((code) => code === 201)).toHaveLength(1);
      expect(codes.filter((code) => code === 409)).toHaveLength(199);
      expect(await activeCount(consulenzaRoom, startsAt)).toBe(1);
    },
    RACE_TIMEOUT_MS,
  );

  it(
    'gives three of 200 parallel bookings the three places of a room that takes three',
    async () => {
      // As the back office would: the write marks the company changed, so the kept schedules go.
      await t.db.asOwnerForTenant(demoId, (tx) => tx.update(rooms).set({ reservationSlots: 3 }).where(eq(rooms.id, assistenzaRoom)));
      try {
        const startsAt = '2026-03-09T09:00:00.000Z';
        const codes = await race(startsAt, assistenzaRoom);
        expect(codes.filter((code) => code === 201)).toHaveLength(3);
        expect(codes.filter((code) => code === 409)).toHaveLength(197);
        expect(await activeCount(assistenzaRoom, startsAt)).toBe(3);
      } finally {
        await t.db.asOwnerForTenant(demoId, (tx) => tx.update(rooms).set({ reservationSlots: 2 }).where(eq(rooms.id, assistenzaRoom)));
      }
    },
    RACE_TIMEOUT_MS,
  );

  it('is held by the database itself: a second active reservation on a held place is refused', async () => {
    const startsAt = new Date('2026-03-10T08:00:00.000Z');
    const row = { companyId: demoId, storeId: milano, roomId: consulenzaRoom, customerName: 'A', startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000) };
    await t.db.asOwnerForTenant(demoId, (tx) => tx.insert(reservations).values(row));
    await expect(
      t.db.asOwnerForTenant(demoId, (tx) =>
        tx.insert(reservations).values({ ...row, startsAt: new Date(startsAt.getTime() + 10 * 60_000), endsAt: new Date(startsAt.getTime() + 40 * 60_000) }),
      ),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23P01', constraint: 'reservations_place_exclusion' }) });
    // Back to back is not overlapping, and a cancelled one holds nothing.
    await t.db.asOwnerForTenant(demoId, (tx) =>
      tx.insert(reservations).values({ ...row, startsAt: row.endsAt, endsAt: new Date(row.endsAt.getTime() + 30 * 60_000) }),
    );
    await t.db.asOwnerForTenant(demoId, (tx) => tx.insert(reservations).values({ ...row, status: 'cancelled', cancelledAt: startsAt }));
  });
});

describe('the manage link', () => {
  /** An appointment of the topic only Sala Consulenza serves (a move has one place to go to). */
  async function booked(startsAt: string) {
    const request = body(startsAt, { topic: singleRoomTopic });
    const response = await (await visitor()).post('/api/reservations', request);
    expect(response.statusCode).toBe(201);
    return { ...createdReservationSchema.parse(response.json()), email: request.email };
  }
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('lists a topic served by named rooms with those rooms only', async () => {
    const answer = storeSlotsSchema.parse((await slots(`topic=${singleRoomTopic}&from=2026-03-03&to=2026-03-03`)).json());
    expect(answer.days[0]!.slots.slice(0, 2).map(({ time, remaining }) => ({ time, remaining }))).toEqual([
      { time: '09:00', remaining: 1 },
      { time: '09:30', remaining: 1 },
    ]);
  });

  it('shows the reservation with its token only: 401 without, 404 with a wrong one or on another company’s host', async () => {
    const { reservation, manageToken } = await booked('2026-03-11T08:00:00.000Z');
    const view = await (await visitor()).get(`/api/reservations/${reservation.id}`, bearer(manageToken));
    expect(customerReservationSchema.parse(view.json())).toEqual(reservation);
    expect((await (await visitor()).get(`/api/reservations/${reservation.id}`)).json()).toMatchObject({
      statusCode: 401,
      message: IT_BOOKING.errors.tokenRequired,
    });
    expect((await (await visitor()).get(`/api/reservations/${reservation.id}`, bearer(`${manageToken}x`))).statusCode).toBe(404);
    expect((await (await visitor()).get(`/api/reservations/not-an-id`, bearer(manageToken))).statusCode).toBe(404);
    expect((await (await visitor('acme.localhost')).get(`/api/reservations/${reservation.id}`, bearer(manageToken))).statusCode).toBe(404);
  });

  it('gives the appointment as a calendar file to download, with its token only', async () => {
    const { reservation, manageToken } = await booked('2026-03-11T10:00:00.000Z');
    const file = await (await visitor()).get(`/api/reservations/${reservation.id}/calendar.ics`, bearer(manageToken));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(file.headers['content-disposition']).toBe('attachment; filename="appuntamento.ics"');
    const calendar = parseCalendar(file.body);
    expect(calendar.method).toBe('PUBLISH');
    expect(calendar.event.uid).toBe(`${reservation.id}@incontra`);
    expect(calendar.event.startDate.toJSDate().toISOString()).toBe('2026-03-11T10:00:00.000Z');
    expect((await (await visitor()).get(`/api/reservations/${reservation.id}/calendar.ics`)).statusCode).toBe(401);
    expect((await (await visitor()).get(`/api/reservations/${reservation.id}/calendar.ics`, bearer('nope'))).statusCode).toBe(404);
  });

  it('moves to another free time in one go: the old place is freed, the e-mail’s .ics replaces the event', async () => {
    const { reservation, manageToken, email } = await booked('2026-03-11T09:00:00.000Z');
    const moved = await (await visitor()).post(`/api/reservations/${reservation.id}/move`, { startsAt: '2026-03-11T13:00:00.000Z' }, bearer(manageToken));
    expect(moved.statusCode).toBe(200);
    expect(customerReservationSchema.parse(moved.json())).toMatchObject({
      startsAt: '2026-03-11T13:00:00.000Z',
      endsAt: '2026-03-11T13:30:00.000Z',
      sequence: 1,
      status: 'booked',
    });
    expect(await activeCount(consulenzaRoom, '2026-03-11T09:00:00.000Z')).toBe(0);
    const mails = await outboxTo(email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      IT_BOOKING.mail.confirmedSubject('Demo', 'mercoledì 11 marzo 2026, 10:00'),
      IT_BOOKING.mail.movedSubject('Demo', 'mercoledì 11 marzo 2026, 14:00'),
    ]);
    const calendar = parseCalendar(mails[1]!.attachments[0]!.content);
    expect(calendar.event.uid).toBe(`${reservation.id}@incontra`);
    expect(calendar.event.sequence).toBe(1);
    expect(calendar.event.startDate.toJSDate().toISOString()).toBe('2026-03-11T13:00:00.000Z');
  });

  it('keeps the old place when the new one is taken (409 with other times), and refuses moving to the same start', async () => {
    const { reservation, manageToken } = await booked('2026-03-12T08:00:00.000Z');
    await booked('2026-03-12T09:00:00.000Z');
    const refused = await (await visitor()).post(`/api/reservations/${reservation.id}/move`, { startsAt: '2026-03-12T09:00:00.000Z' }, bearer(manageToken));
    expect(slotTakenSchema.parse(refused.json()).alternatives.length).toBeGreaterThan(0);
    expect(refused.statusCode).toBe(409);
    expect(await activeCount(consulenzaRoom, '2026-03-12T08:00:00.000Z')).toBe(1);
    const same = await (await visitor()).post(`/api/reservations/${reservation.id}/move`, { startsAt: '2026-03-12T08:00:00.000Z' }, bearer(manageToken));
    expect(same.json()).toMatchObject({ statusCode: 409, message: IT_BOOKING.errors.sameStart });
  });

  it(
    'lets exactly one of several parallel moves into one free place win',
    async () => {
      const movers = [];
      for (const time of ['08:00', '08:30', '09:00', '09:30', '10:00']) movers.push(await booked(`2026-03-13T${time}:00.000Z`));
      const target = '2026-03-13T13:00:00.000Z';
      const codes = await Promise.all(
        movers.map(
          async ({ reservation, manageToken }) =>
            (await (await visitor()).post(`/api/reservations/${reservation.id}/move`, { startsAt: target }, bearer(manageToken))).statusCode,
        ),
      );
      expect(codes.filter((code) => code === 200)).toHaveLength(1);
      expect(codes.filter((code) => code === 409)).toHaveLength(4);
      expect(await activeCount(consulenzaRoom, target)).toBe(1);
      // The losers kept their places.
      for (const time of ['08:00', '08:30', '09:00', '09:30', '10:00'])
        expect(await activeCount(consulenzaRoom, `2026-03-13T${time}:00.000Z`)).toBeLessThanOrEqual(1);
      const kept = await Promise.all(['08:00', '08:30', '09:00', '09:30', '10:00'].map((time) => activeCount(consulenzaRoom, `2026-03-13T${time}:00.000Z`)));
      expect(kept.reduce((sum, n) => sum + n, 0)).toBe(4);
    },
    RACE_TIMEOUT_MS,
  );

  it('cancels until the cut-off with a cancelling .ics, frees the place, and refuses a second cancel', async () => {
    const { reservation, manageToken, email } = await booked('2026-03-16T08:00:00.000Z');
    const cancelled = await (await visitor()).post(`/api/reservations/${reservation.id}/cancel`, undefined, bearer(manageToken));
    expect(customerReservationSchema.parse(cancelled.json())).toMatchObject({ status: 'cancelled', changeableUntil: null, sequence: 1 });
    expect(await activeCount(consulenzaRoom, '2026-03-16T08:00:00.000Z')).toBe(0);
    const mails = await outboxTo(email);
    const calendar = parseCalendar(mails.at(-1)!.attachments[0]!.content);
    expect(calendar.method).toBe('CANCEL');
    expect(calendar.status).toBe('CANCELLED');
    expect(calendar.event.sequence).toBe(1);
    expect(mails.at(-1)!.text).not.toContain('/partecipa?');
    const again = await (await visitor()).post(`/api/reservations/${reservation.id}/cancel`, undefined, bearer(manageToken));
    expect(again.json()).toMatchObject({ statusCode: 409, message: IT_BOOKING.errors.notBooked });
  });

  it('refuses moving or cancelling after the cut-off (2 hours before the start)', async () => {
    // Monday 2 March: 15:00 in Rome (14:00Z), booked at 10:00 there.
    const { reservation, manageToken } = await booked('2026-03-02T14:00:00.000Z');
    t.clock.advance(3 * 3_600_000 + 1);
    try {
      const cancel = await (await visitor()).post(`/api/reservations/${reservation.id}/cancel`, undefined, bearer(manageToken));
      expect(cancel.json()).toMatchObject({ statusCode: 409, message: IT_BOOKING.errors.cutoffPassed('2 ore') });
      const move = await (await visitor()).post(`/api/reservations/${reservation.id}/move`, { startsAt: '2026-03-03T08:00:00.000Z' }, bearer(manageToken));
      expect(move.statusCode).toBe(409);
      expect(await activeCount(consulenzaRoom, '2026-03-02T14:00:00.000Z')).toBe(1);
    } finally {
      t.clock.advance(-(3 * 3_600_000 + 1));
    }
  });
});

describe('the staff side: GET, POST /api/bo/reservations, GET, POST, DELETE /api/bo/reservations/{id}', () => {
  async function signedIn(username = 'admin', host = 'demo.localhost') {
    const browser = new TestClient(t.app, host);
    expect((await browser.login(username)).statusCode).toBe(200);
    return browser;
  }
  const staffBody = (startsAt: string, extra: Partial<StaffReservationBody> = {}): StaffReservationBody => {
    const { privacyConsent: _consent, ...rest } = body(startsAt, { topic: singleRoomTopic });
    return { ...rest, ...extra };
  };

  it('lists by start with filters and paging, and an operator sees only the stores they serve', async () => {
    const admin = await signedIn();
    const booked = [];
    for (const time of ['08:00', '08:30', '09:00'])
      booked.push(
        createdReservationSchema.parse(
          (await (await visitor()).post('/api/reservations', body(`2026-03-19T${time}:00.000Z`, { topic: singleRoomTopic }))).json(),
        ).reservation,
      );
    const page = staffReservationsPageSchema.parse((await admin.get('/api/bo/reservations?from=2026-03-19&to=2026-03-19&pageSize=2')).json());
    expect(page.total).toBe(3);
    expect(page.items.map((item) => item.id)).toEqual(booked.slice(0, 2).map((item) => item.id));
    expect(page.items[0]).toMatchObject({
      status: 'booked',
      store: { id: milano, name: 'Milano Centro' },
      room: { name: 'Sala Consulenza' },
      topic: { name: 'Assistenza post-vendita' },
      bookedByStaff: false,
    });
    const second = staffReservationsPageSchema.parse((await admin.get('/api/bo/reservations?from=2026-03-19&to=2026-03-19&pageSize=2&page=2')).json());
    expect(second.items.map((item) => item.id)).toEqual([booked[2]!.id]);
    expect(staffReservationsPageSchema.parse((await admin.get(`/api/bo/reservations?from=2026-03-19&to=2026-03-19&store=${roma}`)).json()).total).toBe(0);
    expect((await admin.get('/api/bo/reservations?status=maybe')).json()).toMatchObject({ statusCode: 400, field: 'status' });
    expect((await admin.get('/api/bo/reservations?from=2026-13-01')).json()).toMatchObject({ statusCode: 400, field: 'from' });

    const idOf = async (username: string) =>
      (
        await t.db.asOwner((tx) =>
          tx
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.username, username), eq(users.companyId, demoId))),
        )
      )[0]!.id;
    const serveRomaOnly = (userId: string) => t.db.asOwnerForTenant(demoId, (tx) => tx.insert(userStores).values({ companyId: demoId, userId, storeId: roma }));
    const serveEveryStore = (userId: string) => t.db.asOwnerForTenant(demoId, (tx) => tx.delete(userStores).where(eq(userStores.userId, userId)));
    const listedFor = async (browser: TestClient) =>
      staffReservationsPageSchema.parse((await browser.get('/api/bo/reservations?from=2026-03-19&to=2026-03-19')).json()).total;

    // The operator serves Roma only.
    const operatorId = await idOf('operatore');
    await serveRomaOnly(operatorId);
    try {
      const operator = await signedIn('operatore');
      expect(await listedFor(operator)).toBe(0);
      expect((await operator.get(`/api/bo/reservations/${booked[0]!.id}`)).statusCode).toBe(404);
      expect((await operator.request('DELETE', `/api/bo/reservations/${booked[0]!.id}`)).statusCode).toBe(404);
      expect((await operator.post('/api/bo/reservations', staffBody('2026-03-19T10:00:00.000Z'))).json()).toMatchObject({ statusCode: 404, field: 'store' });
    } finally {
      await serveEveryStore(operatorId);
    }
    // Without rows the operator serves every store; an admin does whatever rows name.
    expect(await listedFor(await signedIn('operatore'))).toBe(3);
    const adminId = await idOf('admin');
    await serveRomaOnly(adminId);
    try {
      expect(await listedFor(admin)).toBe(3);
    } finally {
      await serveEveryStore(adminId);
    }
    expect((await (await signedIn('admin', 'acme.localhost')).get(`/api/bo/reservations/${booked[0]!.id}`)).statusCode).toBe(404);
    expect((await (await visitor()).get('/api/bo/reservations')).statusCode).toBe(401);
  });

  it('books for a customer by phone: the same rules, the confirmation e-mail, a line in the activity log', async () => {
    const admin = await signedIn();
    const request = staffBody('2026-03-20T08:00:00.000Z', { notes: undefined });
    const response = await admin.post('/api/bo/reservations', request);
    expect(response.statusCode).toBe(201);
    const created = staffReservationSchema.parse(response.json());
    expect(created).toMatchObject({
      status: 'booked',
      bookedByStaff: true,
      startsAt: request.startsAt,
      customer: { name: 'Mario Rossi', email: request.email, phone: '+393331234567' },
    });
    expect((await outboxTo(request.email)).map((mail) => mail.subject)).toEqual([IT_BOOKING.mail.confirmedSubject('Demo', 'venerdì 20 marzo 2026, 09:00')]);
    const [line] = await t.db.asOwner((tx) => tx.select().from(activityLog).where(eq(activityLog.entityId, created.id)));
    expect(line).toMatchObject({
      action: 'create',
      entityType: 'reservation',
      summary: 'Creata la prenotazione di Mario Rossi per venerdì 20 marzo 2026, 09:00',
    });
    const taken = await admin.post('/api/bo/reservations', staffBody('2026-03-20T08:00:00.000Z'));
    expect(taken.json()).toMatchObject({ statusCode: 409, message: IT_BOOKING.errors.slotUnavailable });
    expect((await admin.post('/api/bo/reservations', staffBody('2026-03-20T08:30:00.000Z', { phone: 'x' }))).json()).toMatchObject({
      statusCode: 400,
      field: 'phone',
    });
  });

  it('moves, cancels (the customer told with a cancelling .ics) and records what happened only after the start', async () => {
    const admin = await signedIn();
    const created = staffReservationSchema.parse((await admin.post('/api/bo/reservations', staffBody('2026-03-23T08:00:00.000Z'))).json());
    const moved = await admin.post(`/api/bo/reservations/${created.id}`, { startsAt: '2026-03-23T09:00:00.000Z' });
    expect(staffReservationSchema.parse(moved.json())).toMatchObject({ startsAt: '2026-03-23T09:00:00.000Z', status: 'booked' });
    expect((await admin.post(`/api/bo/reservations/${created.id}`, { status: 'completed' })).json()).toMatchObject({
      statusCode: 409,
      message: IT_BOOKING.errors.statusBeforeStart,
    });
    expect((await admin.post(`/api/bo/reservations/${created.id}`, { status: 'completed', startsAt: '2026-03-23T10:00:00.000Z' })).json()).toMatchObject({
      statusCode: 400,
      field: 'startsAt',
    });
    expect((await admin.post(`/api/bo/reservations/${created.id}`, {})).json()).toMatchObject({ statusCode: 400, message: IT_BOOKING.validation.updateOneOf });

    const cancelled = await admin.request('DELETE', `/api/bo/reservations/${created.id}`);
    expect(staffReservationSchema.parse(cancelled.json())).toMatchObject({ status: 'cancelled', cancelledBy: 'staff' });
    const mails = await outboxTo(created.customer.email!);
    expect(parseCalendar(mails.at(-1)!.attachments[0]!.content).method).toBe('CANCEL');
    expect((await admin.request('DELETE', `/api/bo/reservations/${created.id}`)).json()).toMatchObject({
      statusCode: 409,
      message: IT_BOOKING.errors.notBooked,
    });
    expect((await admin.post(`/api/bo/reservations/${created.id}`, { status: 'completed' })).json()).toMatchObject({ statusCode: 409 });
    expect((await admin.get('/api/bo/reservations/not-an-id')).statusCode).toBe(404);

    const otherResponse = await admin.post('/api/bo/reservations', staffBody('2026-03-02T13:00:00.000Z'));
    expect(otherResponse.statusCode).toBe(201);
    const other = staffReservationSchema.parse(otherResponse.json());
    t.clock.advance(4 * 3_600_000 + 60_000);
    try {
      // Hours later: a new session (the morning's has ended by itself).
      const later = await signedIn();
      expect(staffReservationSchema.parse((await later.post(`/api/bo/reservations/${other.id}`, { status: 'no_show' })).json()).status).toBe('no_show');
      expect(staffReservationSchema.parse((await later.post(`/api/bo/reservations/${other.id}`, { status: 'completed' })).json()).status).toBe('completed');
    } finally {
      t.clock.advance(-(4 * 3_600_000 + 60_000));
    }
  });
});

describe('the appointment itself', () => {
  it('comes into the live queue as an appointment, is completed when the customer enters the room, and a no-show otherwise', async () => {
    // Monday 2 March, 16:00 and 16:30 in Rome (15:00Z, 15:30Z), Sala Consulenza.
    const first = createdReservationSchema.parse(
      (await (await visitor()).post('/api/reservations', body('2026-03-02T15:00:00.000Z', { topic: singleRoomTopic }))).json(),
    ).reservation;
    const second = createdReservationSchema.parse(
      (await (await visitor()).post('/api/reservations', body('2026-03-02T15:30:00.000Z', { topic: singleRoomTopic }))).json(),
    ).reservation;
    const elapsed = 6 * 3_600_000 - 10 * 60_000; // to 14:50Z: the first's link is open
    t.clock.advance(elapsed);
    try {
      const customer = await visitor();
      const join = (body: unknown) => customer.post(`/api/video-room/reservation/${first.id}/send-join-request`, body);
      // The bare id, a wrong token or another appointment's: a link that leads nowhere.
      for (const body of [{}, { token: 'x'.repeat(64) }, { token: tokenOfJoinPath(second.joinPath) }]) {
        expect((await join(body)).json()).toMatchObject({ statusCode: 404, message: IT_LOBBY.errors.reservationNotFound });
      }
      const sent = sentJoinRequestSchema.parse((await join({ token: tokenOfJoinPath(first.joinPath) })).json());
      const staff = new TestClient(t.app, 'demo.localhost');
      expect((await staff.login()).statusCode).toBe(200);
      const queue = liveQueueSchema.parse((await staff.get('/api/bo/join-requests')).json());
      expect(queue.requests.find((request) => request.id === sent.request.id)).toMatchObject({
        source: 'reservation',
        appointment: { startsAt: '2026-03-02T15:00:00.000Z' },
      });
      expect((await staff.post(`/api/video-room/join-request/${sent.request.id}/approve`)).statusCode).toBe(200);
      const joined = await customer.post(
        `/api/video-room/${consulenzaRoom}/join`,
        { joinRequestId: sent.request.id },
        { authorization: `Bearer ${sent.visitorToken}` },
      );
      expect(joined.statusCode).toBe(200);
      const status = async (id: string) =>
        (await t.db.asOwner((tx) => tx.select({ status: reservations.status }).from(reservations).where(eq(reservations.id, id))))[0]!.status;
      expect(await status(first.id)).toBe('completed');

      // The second's end passes with nobody: the sweep says no-show; the first stays completed.
      t.clock.advance(75 * 60_000);
      expect(await markNoShows({ db: t.db, clock: t.clock.now })).toBeGreaterThanOrEqual(1);
      expect(await status(second.id)).toBe('no_show');
      expect(await status(first.id)).toBe('completed');
      t.clock.advance(-75 * 60_000);
    } finally {
      t.clock.advance(-elapsed);
    }
  });
});
