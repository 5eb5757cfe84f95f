import { and, desc, eq } from 'drizzle-orm';
import {
  createdReservationSchema,
  pendingReservationSchema,
  RESERVATION_INVITES_MAX,
  reservationParticipantSchema,
  storeSlotsSchema,
  type ReservationBody,
} from '@incontra/contracts/api/reservations';
import { IT } from '@incontra/contracts/messages/it';
import { IT_BOOKING } from '@incontra/contracts/messages/it-booking';
import { activityLog, mailOutbox, reservationParticipants, stores, topics } from '../src/db/schema';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import { TestClient } from './helpers/test-client';

/*
 * The defences of a small shop's booking page against a distributed flood, on the demo data
 * (Milano Centro's "Consulenza prodotto"; the clock at Monday 2 March 2026, 10:00 in Rome): one
 * customer is one customer whatever the spelling of their address; past a number of customer
 * bookings of a store in a window its breaker turns e-mail confirmation on (nothing held until
 * the link is opened) and tells the staff once; staff actions send a bounded number of e-mails;
 * invite-and-withdraw cannot mail for ever.
 */

const BREAKER = { BOOKING_BREAKER_BOOKINGS: '3', BOOKING_BREAKER_WINDOW_MINUTES: '10', BOOKING_BREAKER_HOLD_MINUTES: '60' };

interface World {
  t: TestApp;
  demoId: string;
  milano: string;
  topic: string;
}

async function world(env: Record<string, string>): Promise<World> {
  const t = await startTestApp({ env, rateLimits: { bookingsPerMinute: 10_000, manageCallsPerMinute: 10_000, loginPerMinute: 10_000 } });
  const [store] = await t.db.asOwner((tx) => tx.select({ id: stores.id, companyId: stores.companyId }).from(stores).where(eq(stores.name, 'Milano Centro')));
  const [topic] = await t.db.asOwner((tx) => tx.select({ id: topics.id }).from(topics).where(eq(topics.name, 'Consulenza prodotto')));
  return { t, demoId: store!.companyId, milano: store!.id, topic: topic!.id };
}

let customers = 0;
function body(w: World, startsAt: string, email = `cliente.${(customers += 1)}@example.it`): ReservationBody {
  return { store: w.milano, topic: w.topic, startsAt, firstName: 'Mario', lastName: 'Rossi', email, phone: '333 123 4567', privacyConsent: true };
}

let addresses = 0;
/** A visitor from an address of its own (the flood came from 303). */
async function visitor(w: World): Promise<TestClient> {
  addresses += 1;
  const browser = new TestClient(w.t.app, 'demo.localhost', `198.51.100.${addresses % 250}`);
  await browser.get('/api/me');
  return browser;
}

const mailsTo = (w: World, to: string) =>
  w.t.db.asOwnerForTenant(w.demoId, (tx) =>
    tx
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.companyId, w.demoId), eq(mailOutbox.to, to)))
      .orderBy(desc(mailOutbox.createdAt)),
  );

/** Wednesday 4 March, `n` half hours from 09:00 in Rome (08:00Z). */
const wednesday = (n: number) => new Date(Date.parse('2026-03-04T08:00:00.000Z') + n * 30 * 60_000).toISOString();

describe('the per-customer cap', () => {
  let w: World;
  beforeAll(async () => {
    w = await world({});
  }, START_TIMEOUT_MS);
  afterAll(() => w.t.close());

  it('counts the spellings of one address together: "+tags", dots and case', async () => {
    const spellings = [
      'marta.verdi@example.it',
      'marta.verdi+1@example.it',
      'm.arta.verdi@example.it',
      'MartaVerdi+prenota@Example.it',
      'martaverdi@example.it',
    ];
    for (const [index, email] of spellings.entries()) {
      expect((await (await visitor(w)).post('/api/reservations', body(w, wednesday(index), email))).statusCode).toBe(201);
    }
    const sixth = await (await visitor(w)).post('/api/reservations', body(w, wednesday(6), 'marta.v.erdi+x@example.it'));
    expect(sixth.json()).toMatchObject({ statusCode: 429, field: 'email', message: IT_BOOKING.errors.tooManyForEmail });
    // Another person is not held by her cap.
    expect((await (await visitor(w)).post('/api/reservations', body(w, wednesday(6), 'marta.bianchi@example.it'))).statusCode).toBe(201);
  });
});

describe('the store’s breaker', () => {
  let w: World;
  beforeAll(async () => {
    w = await world(BREAKER);
  }, START_TIMEOUT_MS);
  afterAll(() => w.t.close());

  const slotsOf = async (startsAt: string) => {
    const answer = storeSlotsSchema.parse(
      (await (await visitor(w)).get(`/api/config/store/${w.milano}/slots?topic=${w.topic}&from=2026-03-05&to=2026-03-05`)).json(),
    );
    return answer.days[0]!.slots.find((slot) => slot.startsAt === startsAt)?.remaining ?? 0;
  };

  it('books directly until a store passes the limit, tells its staff once, then asks each customer to confirm by e-mail, holding nothing', async () => {
    const thursday = (n: number) => new Date(Date.parse('2026-03-05T08:00:00.000Z') + n * 30 * 60_000).toISOString();
    // Three, and the fourth passes the limit of 3 in 10 minutes: all four are booked; the fourth trips it.
    for (let n = 0; n < 4; n += 1) expect((await (await visitor(w)).post('/api/reservations', body(w, thursday(n)))).statusCode).toBe(201);
    const alerts = await w.t.db.asOwnerForTenant(w.demoId, (tx) =>
      tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.companyId, w.demoId), eq(mailOutbox.subject, IT_BOOKING.confirmationMail.staffSubject('Milano Centro')))),
    );
    expect(alerts.length).toBeGreaterThan(0);
    const alertedStaff = alerts.length;

    const free = await slotsOf(thursday(5));
    const request = body(w, thursday(5));
    const pending = await (await visitor(w)).post('/api/reservations', request);
    expect(pending.statusCode).toBe(202);
    expect(pendingReservationSchema.parse(pending.json())).toMatchObject({ confirmationRequired: true, email: request.email });
    // Nothing is held while it waits.
    expect(await slotsOf(thursday(5))).toBe(free);
    const [mail] = await mailsTo(w, request.email);
    expect(mail!.subject).toBe(IT_BOOKING.confirmationMail.subject('Demo', 'giovedì 5 marzo 2026, 11:30'));
    const link = new URL(/http:\/\/\S+\/prenota\/conferma\?\S+/.exec(mail!.text)![0]);
    const confirmation = { confirmation: link.searchParams.get('richiesta')!, token: link.searchParams.get('token')! };

    // A wrong token leads nowhere; the right one books it, and a second click answers the same booking.
    const customer = await visitor(w);
    expect((await customer.post('/api/reservations/confirm', { ...confirmation, token: 'x'.repeat(43) })).json()).toMatchObject({
      statusCode: 404,
      message: IT_BOOKING.errors.confirmationNotFound,
    });
    const confirmed = await customer.post('/api/reservations/confirm', confirmation);
    expect(confirmed.statusCode).toBe(201);
    const created = createdReservationSchema.parse(confirmed.json());
    expect(created.reservation).toMatchObject({ status: 'booked', startsAt: thursday(5) });
    expect(await slotsOf(thursday(5))).toBe(free - 1);
    const again = createdReservationSchema.parse((await customer.post('/api/reservations/confirm', confirmation)).json());
    expect(again).toEqual(created);
    expect((await mailsTo(w, request.email)).map((row) => row.subject)).toContain(IT_BOOKING.mail.confirmedSubject('Demo', 'giovedì 5 marzo 2026, 11:30'));

    // Staff booking for a customer is never held back; the staff were told once.
    const staff = new TestClient(w.t.app);
    expect((await staff.login()).statusCode).toBe(200);
    const { privacyConsent: _consent, ...staffBody } = body(w, thursday(6));
    expect((await staff.post('/api/bo/reservations', staffBody)).statusCode).toBe(201);
    expect((await (await visitor(w)).post('/api/reservations', body(w, thursday(7)))).statusCode).toBe(202);
    const alertsAfter = await w.t.db.asOwnerForTenant(w.demoId, (tx) =>
      tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.companyId, w.demoId), eq(mailOutbox.subject, IT_BOOKING.confirmationMail.staffSubject('Milano Centro')))),
    );
    expect(alertsAfter).toHaveLength(alertedStaff);
  });

  it('counts bookings waiting for confirmation toward the customer’s cap until their links expire; after the hold, bookings go through again', async () => {
    const friday = (n: number) => new Date(Date.parse('2026-03-06T08:00:00.000Z') + n * 30 * 60_000).toISOString();
    const email = `attesa.${Date.now()}@example.it`;
    for (let n = 0; n < 5; n += 1) expect((await (await visitor(w)).post('/api/reservations', body(w, friday(n), email))).statusCode).toBe(202);
    expect((await (await visitor(w)).post('/api/reservations', body(w, friday(6), email))).json()).toMatchObject({ statusCode: 429, field: 'email' });
    w.t.clock.advance(31 * 60_000);
    expect((await (await visitor(w)).post('/api/reservations', body(w, friday(6), email))).statusCode).toBe(202);
    w.t.clock.advance(60 * 60_000);
    expect((await (await visitor(w)).post('/api/reservations', body(w, friday(7)))).statusCode).toBe(201);
  });

  it('answers an expired link with 409 and the reason', async () => {
    w.t.clock.advance(60 * 60_000);
    const monday = (n: number) => new Date(Date.parse('2026-03-09T08:00:00.000Z') + n * 30 * 60_000).toISOString();
    for (let n = 0; n < 4; n += 1) await (await visitor(w)).post('/api/reservations', body(w, monday(n)));
    const request = body(w, monday(5));
    expect((await (await visitor(w)).post('/api/reservations', request)).statusCode).toBe(202);
    const [mail] = await mailsTo(w, request.email);
    const link = new URL(/http:\/\/\S+\/prenota\/conferma\?\S+/.exec(mail!.text)![0]);
    w.t.clock.advance(30 * 60_000);
    const late = await (
      await visitor(w)
    ).post('/api/reservations/confirm', { confirmation: link.searchParams.get('richiesta'), token: link.searchParams.get('token') });
    expect(late.json()).toMatchObject({ statusCode: 409, message: IT_BOOKING.errors.confirmationExpired });
  });
});

describe('the staff’s e-mail bounds', () => {
  let w: World;
  beforeAll(async () => {
    w = await world({ MAIL_STAFF_PER_HOUR: '3', MAIL_COMPANY_STAFF_PER_HOUR: '1000' });
  }, START_TIMEOUT_MS);
  afterAll(() => w.t.close());

  it('refuses the action that would pass a staff member’s hourly bound with 429, changes nothing, and logs the refusal', async () => {
    const created = createdReservationSchema.parse((await (await visitor(w)).post('/api/reservations', body(w, wednesday(0)))).json());
    const admin = new TestClient(w.t.app);
    expect((await admin.login()).statusCode).toBe(200);
    for (let n = 0; n < 3; n += 1) {
      const invited = await admin.post('/api/bo/reservation_participants', {
        reservation: created.reservation.id,
        name: `Ospite ${n}`,
        email: `ospite.${n}@example.it`,
      });
      expect(invited.statusCode).toBe(201);
    }
    const refused = await admin.post('/api/bo/reservation_participants', {
      reservation: created.reservation.id,
      name: 'Ospite 3',
      email: 'ospite.3@example.it',
    });
    expect(refused.json()).toMatchObject({ statusCode: 429, message: IT.mailLimits.perStaffHour(3) });
    const participants = await w.t.db.asOwnerForTenant(w.demoId, (tx) =>
      tx.select().from(reservationParticipants).where(eq(reservationParticipants.reservationId, created.reservation.id)),
    );
    expect(participants).toHaveLength(3);
    expect(await mailsTo(w, 'ospite.3@example.it')).toHaveLength(0);
    const [line] = await w.t.db.asOwnerForTenant(w.demoId, (tx) =>
      tx
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.companyId, w.demoId), eq(activityLog.entityType, 'mail')))
        .orderBy(desc(activityLog.createdAt)),
    );
    expect(line!.summary).toBe(IT.mailLimits.logged(line!.userName, IT.mailLimits.perStaffHour(3)));
    // Customers' own bookings are not staff e-mail: they go on.
    expect((await (await visitor(w)).post('/api/reservations', body(w, wednesday(1)))).statusCode).toBe(201);
  });
});

describe('the whole staff’s e-mail bound, and invitations per appointment', () => {
  let w: World;
  beforeAll(async () => {
    w = await world({ MAIL_STAFF_PER_HOUR: '1000', MAIL_STAFF_PER_DAY: '1000', MAIL_COMPANY_STAFF_PER_HOUR: '1000', MAIL_COMPANY_STAFF_PER_DAY: '2' });
  }, START_TIMEOUT_MS);
  afterAll(() => w.t.close());

  it('refuses past the company’s daily bound, whoever asks', async () => {
    const created = createdReservationSchema.parse((await (await visitor(w)).post('/api/reservations', body(w, wednesday(2)))).json());
    const admin = new TestClient(w.t.app);
    expect((await admin.login()).statusCode).toBe(200);
    for (let n = 0; n < 2; n += 1) {
      expect(
        (await admin.post('/api/bo/reservation_participants', { reservation: created.reservation.id, name: `Ospite ${n}`, email: `giorno.${n}@example.it` }))
          .statusCode,
      ).toBe(201);
    }
    const refused = await admin.post('/api/bo/reservation_participants', {
      reservation: created.reservation.id,
      name: 'Ospite 2',
      email: 'giorno.2@example.it',
    });
    expect(refused.json()).toMatchObject({ statusCode: 429, message: IT.mailLimits.perCompanyDay(2) });
  });
});

describe('invitations per appointment', () => {
  let w: World;
  beforeAll(async () => {
    w = await world({ MAIL_STAFF_PER_HOUR: '1000', MAIL_STAFF_PER_DAY: '1000', MAIL_COMPANY_STAFF_PER_HOUR: '1000', MAIL_COMPANY_STAFF_PER_DAY: '1000' });
  }, START_TIMEOUT_MS);
  afterAll(() => w.t.close());

  it(`stop at ${RESERVATION_INVITES_MAX} ever sent, withdrawn ones included`, async () => {
    const created = createdReservationSchema.parse((await (await visitor(w)).post('/api/reservations', body(w, wednesday(3)))).json());
    const admin = new TestClient(w.t.app);
    expect((await admin.login()).statusCode).toBe(200);
    for (let n = 0; n < RESERVATION_INVITES_MAX; n += 1) {
      const invited = reservationParticipantSchema.parse(
        (
          await admin.post('/api/bo/reservation_participants', { reservation: created.reservation.id, name: 'Sempre lui', email: 'ripetuto@example.it' })
        ).json(),
      );
      expect((await admin.request('DELETE', `/api/bo/reservation_participants/${invited.id}`)).statusCode).toBe(204);
    }
    const refused = await admin.post('/api/bo/reservation_participants', {
      reservation: created.reservation.id,
      name: 'Sempre lui',
      email: 'ripetuto@example.it',
    });
    expect(refused.json()).toMatchObject({ statusCode: 409, message: IT_BOOKING.errors.invitesExhausted(RESERVATION_INVITES_MAX) });
  });
});
