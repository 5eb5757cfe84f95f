import { eq } from 'drizzle-orm';
import { createdReservationSchema, type ReservationBody } from '@incontra/contracts/api/reservations';
import { IT_BOOKING } from '@incontra/contracts/messages/it-booking';
import { sendDueReminders, sweepBookings } from '../src/booking/reminders';
import type { Tx } from '../src/db/database';
import { mailOutbox, reservations, stores, subscriptions, topics } from '../src/db/schema';
import { Mailer } from '../src/mail/mailer';
import type { MailMessage } from '../src/mail/mail-transport';
import { silentLog } from './helpers/silent-log';
import { joinTokenOf } from './helpers/join-token';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import { TestClient } from './helpers/test-client';

/*
 * The booking reminders, 24 h and 1 h before the start, swept by hand with the test clock: each
 * sent once, also with two sweeps at once (two processes) and across a sweep that died mid-way.
 * The clock starts at Monday 2 March 2026, 10:00 in Rome.
 */

let t: TestApp;
let milano: string;
let demoId: string;
let topic: string;
let customers = 0;

beforeAll(async () => {
  t = await startTestApp({ rateLimits: { bookingsPerMinute: 10_000 } });
  const [milanoRow] = await t.db.asOwner((tx) =>
    tx.select({ id: stores.id, companyId: stores.companyId }).from(stores).where(eq(stores.name, 'Milano Centro')),
  );
  milano = milanoRow!.id;
  demoId = milanoRow!.companyId;
  topic = (await t.db.asOwner((tx) => tx.select({ id: topics.id }).from(topics).where(eq(topics.name, 'Consulenza prodotto'))))[0]!.id;
  // The clock goes past Demo's 14-day trial: a paid plan keeps its booking open (the billing-only lockout).
  await t.db.asOwnerForTenant(demoId, (tx) =>
    tx.update(subscriptions).set({ status: 'active', planId: 'pro', trialEndsAt: null }).where(eq(subscriptions.companyId, demoId)),
  );
}, START_TIMEOUT_MS);

afterAll(() => t.close());

/** A mailer writing the outbox, as the app's does without SMTP. */
class OutboxMailer extends Mailer {
  constructor() {
    super({ db: t.db, transport: null, from: 'Incontra <no-reply@incontra.local>', clock: t.clock.now, log: silentLog });
  }
}

/** One that dies (as a process would) when it is asked to write its `failAt`-th e-mail. */
class DyingMailer extends OutboxMailer {
  private written = 0;

  constructor(private readonly failAt: number) {
    super();
  }

  override enqueue(tx: Tx, companyId: string, message: MailMessage): Promise<string> {
    this.written += 1;
    if (this.written === this.failAt) return Promise.reject(new Error('process stopped'));
    return super.enqueue(tx, companyId, message);
  }
}

async function book(startsAt: string): Promise<{ id: string; email: string }> {
  customers += 1;
  const browser = new TestClient(t.app, 'demo.localhost', '198.51.100.9');
  await browser.get('/api/me');
  const body: ReservationBody = {
    store: milano,
    topic,
    startsAt,
    firstName: 'Paola',
    lastName: 'Verdi',
    email: `paola.${customers}@example.it`,
    phone: '+39 333 765 4321',
    privacyConsent: true,
  };
  const response = await browser.post('/api/reservations', body);
  expect(response.statusCode).toBe(201);
  return { id: createdReservationSchema.parse(response.json()).reservation.id, email: body.email };
}

const remindersTo = async (email: string) =>
  (await t.db.asOwner((tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(mailOutbox.createdAt))).filter((mail) =>
    mail.subject.startsWith('Promemoria'),
  );

/** Moves the test clock to `at` (forward only in these tests). */
function clockAt(at: string) {
  t.clock.advance(new Date(at).getTime() - t.clock.now().getTime());
}

describe('booking reminders', () => {
  it('sends the day’s reminder 24 h before and the hour’s 1 h before, once each, with the join link', async () => {
    const { id, email } = await book('2026-03-05T09:00:00.000Z');
    const sweep = () => sendDueReminders({ db: t.db, mailer: new OutboxMailer(), clock: t.clock.now });
    clockAt('2026-03-04T08:59:00.000Z');
    await sweep();
    expect(await remindersTo(email)).toHaveLength(0);
    clockAt('2026-03-04T09:00:00.000Z');
    await sweep();
    await sweep();
    const day = await remindersTo(email);
    expect(day).toHaveLength(1);
    expect(day[0]!.text).toContain(IT_BOOKING.mail.reminderDayIntro);
    expect(day[0]!.text).toContain(`/partecipa?appuntamento=${id}&token=${await joinTokenOf(t.db, demoId, id)}`);
    clockAt('2026-03-05T08:00:00.000Z');
    await sweep();
    await sweep();
    const both = await remindersTo(email);
    expect(both).toHaveLength(2);
    expect(both[1]!.text).toContain(IT_BOOKING.mail.reminderHourIntro);
    clockAt('2026-03-05T09:10:00.000Z');
    await sweep();
    expect(await remindersTo(email)).toHaveLength(2);
  });

  it('sends each reminder once with two sweeps at once, as two processes would', async () => {
    clockAt('2026-03-06T10:00:00.000Z');
    const booked = [];
    // The topic's starts are 30 minutes apart, each with 3 places.
    for (const time of ['08:00', '08:00', '08:30', '08:30', '09:00', '09:00', '09:30', '09:30']) booked.push(await book(`2026-03-09T${time}:00.000Z`));
    clockAt('2026-03-08T12:00:00.000Z');
    const [first, second] = await Promise.all([
      sendDueReminders({ db: t.db, mailer: new OutboxMailer(), clock: t.clock.now }),
      sendDueReminders({ db: t.db, mailer: new OutboxMailer(), clock: t.clock.now }),
    ]);
    expect(first! + second!).toBe(booked.length);
    for (const { email } of booked) expect(await remindersTo(email)).toHaveLength(1);
  });

  it('loses nothing when a sweep dies mid-way: the next one (another process, or this one restarted) sends the rest, once', async () => {
    clockAt('2026-03-10T10:00:00.000Z');
    const booked = [];
    for (const time of ['08:00', '08:30', '09:00', '09:30']) booked.push(await book(`2026-03-12T${time}:00.000Z`));
    clockAt('2026-03-11T09:30:00.000Z');
    await expect(sendDueReminders({ db: t.db, mailer: new DyingMailer(3), clock: t.clock.now })).rejects.toThrow('process stopped');
    const afterCrash = await Promise.all(booked.map(async ({ email }) => (await remindersTo(email)).length));
    expect(afterCrash).toEqual([1, 1, 0, 0]);
    expect(await sendDueReminders({ db: t.db, mailer: new OutboxMailer(), clock: t.clock.now })).toBe(2);
    for (const { email } of booked) expect(await remindersTo(email)).toHaveLength(1);
  });

  it('reminds nobody of a cancelled appointment, and not of the day when booked within it', async () => {
    clockAt('2026-03-13T08:00:00.000Z');
    const cancelled = await book('2026-03-16T09:00:00.000Z');
    await t.db.asOwner((tx) => tx.update(reservations).set({ status: 'cancelled', cancelledAt: t.clock.now() }).where(eq(reservations.id, cancelled.id)));
    const soon = await book('2026-03-13T13:00:00.000Z');
    await sendDueReminders({ db: t.db, mailer: new OutboxMailer(), clock: t.clock.now });
    expect(await remindersTo(soon.email)).toHaveLength(0);
    clockAt('2026-03-13T12:00:00.000Z');
    await sendDueReminders({ db: t.db, mailer: new OutboxMailer(), clock: t.clock.now });
    expect((await remindersTo(soon.email)).map((mail) => mail.text.includes(IT_BOOKING.mail.reminderHourIntro))).toEqual([true]);
    clockAt('2026-03-16T08:30:00.000Z');
    await sendDueReminders({ db: t.db, mailer: new OutboxMailer(), clock: t.clock.now });
    expect(await remindersTo(cancelled.email)).toHaveLength(0);
  });

  it('is one sweep in the app: reminders due and past appointments marked no-show, in one pass', async () => {
    clockAt('2026-03-17T08:00:00.000Z');
    const past = await book('2026-03-17T10:00:00.000Z');
    const tomorrow = await book('2026-03-18T13:00:00.000Z');
    clockAt('2026-03-17T13:30:00.000Z');
    await sweepBookings({ db: t.db, mailer: new OutboxMailer(), clock: t.clock.now });
    expect(await remindersTo(tomorrow.email)).toHaveLength(1);
    const [row] = await t.db.asOwner((tx) => tx.select({ status: reservations.status }).from(reservations).where(eq(reservations.id, past.id)));
    expect(row!.status).toBe('no_show');
  });
});
