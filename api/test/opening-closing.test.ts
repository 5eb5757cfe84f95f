import ICAL from 'ical.js';
import { and, eq, inArray } from 'drizzle-orm';
import { openingClosesAppointmentsSchema, roomOpeningSchema } from '@incontra/contracts/api/room-management';
import { IT_ROOMS } from '@incontra/contracts/messages/it-rooms';
import { activityLog, mailOutbox, reservations, roomOpeningExceptions, topics } from '../src/db/schema';
import { Mailer } from '../src/mail/mailer';
import { startLobbyApp, type LobbyTestApp } from './helpers/lobby-fixtures';
import { START_TIMEOUT_MS } from './helpers/test-app';
import type { TestClient } from './helpers/test-client';

/*
 * Closing time over booked appointments: a write of a room's opening (the week, an exception, an
 * exception removed) that leaves booked appointments outside the opening changes nothing and
 * answers 409 listing them, unless it says to cancel them (each customer e-mailed the cancelling
 * .ics with the staff's message) or to keep them; all in the write's transaction. On Acme's room
 * (45-minute appointments, Monday to Friday 9–13 and 14–18 in Rome). The clock stands at Monday
 * 2 March 2026, 10:00 in Rome (09:00Z); Rome is UTC+1 until 29 March.
 */

let t: LobbyTestApp;
let luca: TestClient;
let acmeId: string;
let room: string;
let store: string;
let topic: string;
beforeAll(async () => {
  t = await startLobbyApp({ rateLimits: { notFoundPerMinute: 100_000 } });
  luca = await t.staff('admin', 'acme.localhost');
  acmeId = t.seeded.acmeId;
  room = t.seeded.room('Sala Acme');
  store = t.seeded.store('Acme Torino');
  const [row] = await t.db.asOwnerForTenant(acmeId, (tx) => tx.select({ id: topics.id }).from(topics).where(eq(topics.name, 'Preventivi')));
  topic = row!.id;
}, START_TIMEOUT_MS);
afterAll(() => t.close());

const workday = [
  { start: '09:00', end: '13:00' },
  { start: '14:00', end: '18:00' },
];
const seededWeek = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ranges: weekday <= 5 ? workday : [] }));

let customers = 0;
/** A booked appointment of Sala Acme at `startsAt` (UTC), 45 minutes, for a new customer with an e-mail. */
async function book(startsAt: string, status: 'booked' | 'cancelled' = 'booked'): Promise<{ id: string; email: string; name: string }> {
  customers += 1;
  const email = `cliente.${customers}@example.it`;
  const name = `Cliente ${customers}`;
  const start = new Date(startsAt);
  const [row] = await t.db.asOwnerForTenant(acmeId, (tx) =>
    tx
      .insert(reservations)
      .values({
        companyId: acmeId,
        storeId: store,
        roomId: room,
        topicId: topic,
        customerName: `${name} Rossi`,
        customerFirstName: name,
        customerLastName: 'Rossi',
        customerEmail: email,
        customerPhone: '333 123 4567',
        linkOrigin: 'http://acme.localhost',
        startsAt: start,
        endsAt: new Date(start.getTime() + 45 * 60_000),
        status,
        cancelledAt: status === 'cancelled' ? start : null,
      })
      .returning({ id: reservations.id }),
  );
  return { id: row!.id, email, name: `${name} Rossi` };
}

async function statusOf(...ids: string[]): Promise<string[]> {
  const rows = await t.db.asOwnerForTenant(acmeId, (tx) =>
    tx.select({ id: reservations.id, status: reservations.status, by: reservations.cancelledBy }).from(reservations).where(inArray(reservations.id, ids)),
  );
  return ids.map((id) => {
    const row = rows.find((each) => each.id === id)!;
    return row.by ? `${row.status} by ${row.by}` : row.status;
  });
}

const mailsTo = (email: string) => t.db.asOwner((tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(mailOutbox.createdAt));

async function exceptionsOf() {
  return t.db.asOwnerForTenant(acmeId, (tx) =>
    tx
      .select({ date: roomOpeningExceptions.date, ranges: roomOpeningExceptions.ranges })
      .from(roomOpeningExceptions)
      .where(eq(roomOpeningExceptions.roomId, room)),
  );
}

async function openingLog(): Promise<string[]> {
  const rows = await t.db.asOwnerForTenant(acmeId, (tx) =>
    tx
      .select({ summary: activityLog.summary })
      .from(activityLog)
      .where(and(eq(activityLog.companyId, acmeId), eq(activityLog.entityType, 'opening')))
      .orderBy(activityLog.createdAt),
  );
  return rows.map((row) => row.summary);
}

const setException = (body: Record<string, unknown>) => luca.post(`/api/room/${room}/exceptions`, body);
const setWeek = (body: Record<string, unknown>) => luca.post(`/api/room/${room}/opening`, body);

afterEach(async () => {
  // Each test starts from the seeded week, no exception and no appointment.
  await t.db.asOwnerForTenant(acmeId, async (tx) => {
    await tx.delete(reservations).where(eq(reservations.roomId, room));
    await tx.delete(roomOpeningExceptions).where(eq(roomOpeningExceptions.roomId, room));
  });
  expect((await setWeek({ weekly: seededWeek })).statusCode).toBe(200);
  jest.restoreAllMocks();
});

describe('an exception that closes a day with appointments booked in it', () => {
  it('answers 409 listing them (customer, date and time in the company’s zone) and changes nothing', async () => {
    const morning = await book('2026-03-04T09:00:00Z'); // Wednesday 10:00 in Rome
    const afternoon = await book('2026-03-04T14:00:00Z'); // 15:00
    await book('2026-03-04T10:00:00Z', 'cancelled');
    await book('2026-03-05T09:00:00Z'); // Thursday: not that day
    const logged = await openingLog();

    const response = await setException({ date: '2026-03-04', ranges: [], note: 'Inventario' });
    expect(response.statusCode).toBe(409);
    const body = openingClosesAppointmentsSchema.parse(response.json());
    expect(body).toMatchObject({ statusCode: 409, field: 'affected', message: IT_ROOMS.errors.closesAppointments(2) });
    expect(body.appointments).toEqual([
      { id: morning.id, startsAt: '2026-03-04T09:00:00.000Z', date: '2026-03-04', time: '10:00', customerName: morning.name, topicName: 'Preventivi' },
      { id: afternoon.id, startsAt: '2026-03-04T14:00:00.000Z', date: '2026-03-04', time: '15:00', customerName: afternoon.name, topicName: 'Preventivi' },
    ]);
    expect(await exceptionsOf()).toEqual([]);
    expect(await statusOf(morning.id, afternoon.id)).toEqual(['booked', 'booked']);
    expect(await openingLog()).toEqual(logged);
    expect(await mailsTo(morning.email)).toEqual([]);
  });

  it('keeps them when told to: the exception is saved, they stay booked, the log says so, nobody is e-mailed', async () => {
    const morning = await book('2026-03-04T09:00:00Z');
    const afternoon = await book('2026-03-04T14:00:00Z');
    const response = await setException({ date: '2026-03-04', ranges: [], affected: 'keep' });
    expect(response.statusCode).toBe(200);
    expect(roomOpeningSchema.parse(response.json()).exceptions).toEqual([{ date: '2026-03-04', ranges: [], note: null }]);
    expect(await statusOf(morning.id, afternoon.id)).toEqual(['booked', 'booked']);
    expect((await openingLog()).at(-1)).toBe('Stanza «Sala Acme»: eccezione agli orari del 04/03/2026: chiuso · 2 appuntamenti mantenuti fuori orario');
    expect(await mailsTo(morning.email)).toEqual([]);
    // Saved again, the same day still leaves them out: the question comes again.
    expect((await setException({ date: '2026-03-04', ranges: [], note: 'Inventario' })).statusCode).toBe(409);
  });

  it('cancels them when told to: each customer gets the cancelling .ics with the staff’s message; the rest is untouched', async () => {
    const morning = await book('2026-03-04T09:00:00Z');
    const afternoon = await book('2026-03-04T14:00:00Z');
    const thursday = await book('2026-03-05T09:00:00Z');
    const response = await setException({
      date: '2026-03-04',
      ranges: [],
      affected: 'cancel',
      affectedIds: [morning.id, afternoon.id],
      message: ' Il negozio resta chiuso per inventario.\nTi aspettiamo un altro giorno. ',
    });
    expect(response.statusCode).toBe(200);
    expect(await statusOf(morning.id, afternoon.id, thursday.id)).toEqual(['cancelled by staff', 'cancelled by staff', 'booked']);
    expect(await exceptionsOf()).toEqual([{ date: '2026-03-04', ranges: [] }]);

    const [mail, ...others] = await mailsTo(morning.email);
    expect(others).toEqual([]);
    expect(mail!.text).toContain('Messaggio di Acme:\nIl negozio resta chiuso per inventario.\nTi aspettiamo un altro giorno.\n');
    const calendar = new ICAL.Component(ICAL.parse(mail!.attachments![0]!.content));
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(calendar.getFirstSubcomponent('vevent')!.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(await mailsTo(afternoon.email)).toHaveLength(1);
    expect(await mailsTo(thursday.email)).toEqual([]);
    // Each cancellation is logged as staff's, then the exception with what became of them.
    const log = await openingLog();
    expect(log.at(-1)).toBe('Stanza «Sala Acme»: eccezione agli orari del 04/03/2026: chiuso · 2 appuntamenti annullati');
    const cancellations = await t.db.asOwnerForTenant(acmeId, (tx) =>
      tx
        .select({ id: activityLog.entityId })
        .from(activityLog)
        .where(and(eq(activityLog.entityType, 'reservation'), inArray(activityLog.entityId, [morning.id, afternoon.id]))),
    );
    expect(cancellations).toHaveLength(2);
  });

  it('lists only what special hours leave out: an appointment that ends after the range is out, one inside stays', async () => {
    const inside = await book('2026-03-04T08:00:00Z'); // 09:00–09:45
    const overEnd = await book('2026-03-04T10:30:00Z'); // 11:30–12:15, the range ends at 12:00
    const afternoon = await book('2026-03-04T13:00:00Z'); // 14:00
    const response = await setException({ date: '2026-03-04', ranges: [{ start: '09:00', end: '12:00' }] });
    expect(response.statusCode).toBe(409);
    expect(openingClosesAppointmentsSchema.parse(response.json()).appointments.map((each) => [each.id, each.time])).toEqual([
      [overEnd.id, '11:30'],
      [afternoon.id, '14:00'],
    ]);
    expect((await setException({ date: '2026-03-04', ranges: [{ start: '09:00', end: '12:00' }], affected: 'cancel' })).statusCode).toBe(200);
    expect(await statusOf(inside.id, overEnd.id, afternoon.id)).toEqual(['booked', 'cancelled by staff', 'cancelled by staff']);
  });

  it('asks again when an appointment staff were not shown is affected (booked meanwhile): nothing changes', async () => {
    const shown = await book('2026-03-04T09:00:00Z');
    const meanwhile = await book('2026-03-04T14:00:00Z');
    const response = await setException({ date: '2026-03-04', ranges: [], affected: 'cancel', affectedIds: [shown.id] });
    expect(response.statusCode).toBe(409);
    expect(openingClosesAppointmentsSchema.parse(response.json()).appointments.map((each) => each.id)).toEqual([shown.id, meanwhile.id]);
    expect(await statusOf(shown.id, meanwhile.id)).toEqual(['booked', 'booked']);
    expect(await exceptionsOf()).toEqual([]);
  });

  it('never lists appointments that already started, nor cancelled ones', async () => {
    await book('2026-03-02T08:45:00Z'); // today 09:45, under way at 10:00
    await book('2026-03-02T13:00:00Z', 'cancelled');
    const later = await book('2026-03-02T14:00:00Z'); // today 15:00
    const response = await setException({ date: '2026-03-02', ranges: [] });
    expect(openingClosesAppointmentsSchema.parse(response.json()).appointments.map((each) => each.id)).toEqual([later.id]);
  });

  it('is one transaction: when an e-mail of the second cancellation cannot be written, nothing is saved or cancelled', async () => {
    const first = await book('2026-03-04T09:00:00Z');
    const second = await book('2026-03-04T14:00:00Z');
    const enqueue = Mailer.prototype.enqueue;
    let calls = 0;
    jest.spyOn(Mailer.prototype, 'enqueue').mockImplementation(function (this: Mailer, ...args) {
      calls += 1;
      // The first cancellation writes the customer's and the staff's e-mails; the second fails.
      if (args[2].to === second.email) return Promise.reject(new Error('outbox unavailable'));
      return enqueue.apply(this, args);
    });
    const logged = await openingLog();
    const response = await setException({ date: '2026-03-04', ranges: [], affected: 'cancel' });
    expect(response.statusCode).toBe(500);
    expect(calls).toBeGreaterThan(1);
    expect(await statusOf(first.id, second.id)).toEqual(['booked', 'booked']);
    expect(await exceptionsOf()).toEqual([]);
    expect(await mailsTo(first.email)).toEqual([]);
    expect(await openingLog()).toEqual(logged);
  });

  it.each([
    ['an unknown choice', { affected: 'maybe' }, 'affected', IT_ROOMS.validation.affected],
    ['an id that is none', { affected: 'cancel', affectedIds: ['x'] }, 'affectedIds.0', IT_ROOMS.validation.affectedIds],
    ['a message of 1001 characters', { affected: 'cancel', message: 'x'.repeat(1001) }, 'message', IT_ROOMS.validation.closingMessage],
  ])('refuses %s with 400 naming the field, cancelling nothing', async (_what, decision, field, message) => {
    const appointment = await book('2026-03-04T09:00:00Z');
    expect((await setException({ date: '2026-03-04', ranges: [], ...decision })).json()).toEqual({ statusCode: 400, error: 'Bad Request', message, field });
    expect(await statusOf(appointment.id)).toEqual(['booked']);
  });
});

describe('a weekly opening that closes time with appointments booked in it', () => {
  it('lists every future appointment the new week leaves out, except on dates an exception keeps open', async () => {
    const wednesday = await book('2026-03-04T15:00:00Z'); // Wednesday 16:00
    const nextWednesday = await book('2026-03-11T08:00:00Z'); // 09:00
    const friday = await book('2026-03-06T15:00:00Z'); // Friday 16:00: Fridays stay open
    const special = await book('2026-03-18T09:00:00Z'); // a Wednesday with special hours
    expect((await setException({ date: '2026-03-18', ranges: [{ start: '10:00', end: '11:00' }] })).statusCode).toBe(200);
    const closedWednesdays = seededWeek.map((day) => (day.weekday === 3 ? { weekday: 3, ranges: [] } : day));

    const response = await setWeek({ weekly: closedWednesdays });
    expect(response.statusCode).toBe(409);
    expect(openingClosesAppointmentsSchema.parse(response.json()).appointments.map((each) => [each.id, each.date, each.time])).toEqual([
      [wednesday.id, '2026-03-04', '16:00'],
      [nextWednesday.id, '2026-03-11', '09:00'],
    ]);
    expect(roomOpeningSchema.parse((await luca.get(`/api/room/${room}/opening`)).json()).weekly).toEqual(seededWeek);

    const saved = await setWeek({ weekly: closedWednesdays, affected: 'cancel', message: 'Il mercoledì siamo chiusi.' });
    expect(saved.statusCode).toBe(200);
    expect(roomOpeningSchema.parse(saved.json()).weekly[2]).toEqual({ weekday: 3, ranges: [] });
    expect(await statusOf(wednesday.id, nextWednesday.id, friday.id, special.id)).toEqual(['cancelled by staff', 'cancelled by staff', 'booked', 'booked']);
    expect((await mailsTo(nextWednesday.email))[0]!.text).toContain('Messaggio di Acme:\nIl mercoledì siamo chiusi.');
    expect((await openingLog()).at(-1)).toMatch(/^Modificati gli orari settimanali della stanza «Sala Acme»: .* · 2 appuntamenti annullati$/);
  });

  it('saves silently what leaves no appointment out', async () => {
    await book('2026-03-04T09:00:00Z');
    const longer = seededWeek.map((day) => (day.weekday <= 5 ? { weekday: day.weekday, ranges: [{ start: '08:00', end: '19:00' }] } : day));
    expect((await setWeek({ weekly: longer })).statusCode).toBe(200);
  });
});

describe('removing an exception that had opened time', () => {
  it('answers 409 when the weekday’s hours leave its appointments out; cancels them when told to', async () => {
    expect((await setException({ date: '2026-03-07', ranges: [{ start: '10:00', end: '12:00' }], note: 'Sabato aperto' })).statusCode).toBe(200);
    const saturday = await book('2026-03-07T09:00:00Z'); // Saturday 10:00
    const remove = (query = '') => luca.request('DELETE', `/api/room/${room}/exceptions/2026-03-07${query}`);

    const refused = await remove();
    expect(refused.statusCode).toBe(409);
    expect(openingClosesAppointmentsSchema.parse(refused.json()).appointments.map((each) => each.id)).toEqual([saturday.id]);
    expect(await exceptionsOf()).toHaveLength(1);

    expect((await remove(`?affected=cancel&affectedIds=${saturday.id}&message=${encodeURIComponent('Sabato chiuso.')}`)).statusCode).toBe(200);
    expect(await exceptionsOf()).toEqual([]);
    expect(await statusOf(saturday.id)).toEqual(['cancelled by staff']);
    expect((await mailsTo(saturday.email))[0]!.text).toContain('Messaggio di Acme:\nSabato chiuso.');
  });
});
