import { and, eq, inArray } from 'drizzle-orm';
import {
  APPOINTMENT_HOLD_MINUTES,
  createdReservationSchema,
  reservationPaymentStateSchema,
  slotTakenSchema,
  staffReservationSchema,
  staffReservationsPageSchema,
  storeSlotsSchema,
  type CreatedReservation,
  type ReservationBody,
} from '@incontra/contracts/api/reservations';
import { managedTopicSchema, managedTopicsSchema, TOPIC_PRICE_MAX, TOPIC_PRICE_MIN } from '@incontra/contracts/api/store-management';
import { storeConfigSchema } from '@incontra/contracts/api/stores';
import { IT_BOOKING } from '@incontra/contracts/messages/it-booking';
import { IT_PAID_BOOKING } from '@incontra/contracts/messages/it-paid-booking';
import { formatEuro } from '@incontra/contracts/money';
import { sweepPaidAppointments, type PaymentDeps } from '../src/booking/payments';
import { activityLog, mailOutbox, reservations, rooms, topics } from '../src/db/schema';
import { reservationBodies, seededBooking, serveByOneRoom, siteVisitor } from './helpers/booking-fixtures';
import { paidAppointmentDeps, payHold, readPayment } from './helpers/paid-booking';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import type { TestClient } from './helpers/test-client';
import { signedInStaff } from './helpers/video-room-fixtures';

/*
 * Paid appointments on the demo data and the payment port's test mode. "Assistenza post-vendita"
 * is served by Sala Consulenza alone (one place per start, 30 minutes); "Consulenza prodotto" by
 * every room of Milano Centro. The clock stands at Monday 2 March 2026, 10:00 in Rome (09:00Z).
 */

let t: TestApp;
let demoId: string;
let milano: string;
let consulenzaTopic: string;
let singleRoomTopic: string;
let assistenzaRoom: string;
let acmeTopic: string;
let admin: TestClient;
let operator: TestClient;
let acmeAdmin: TestClient;
let deps: PaymentDeps;

const PRICE = 4500;

const visitor = (host = 'demo.localhost', address = '198.51.100.9') => siteVisitor(t, host, address);

beforeAll(async () => {
  t = await startTestApp({ rateLimits: { bookingsPerMinute: 10_000, manageCallsPerMinute: 10_000, notFoundPerMinute: 100_000 } });
  const ids = await seededBooking(t);
  ({ milano, demoId, consulenzaTopic, singleRoomTopic, acmeTopic, assistenzaRoom } = ids);
  await serveByOneRoom(t, ids);
  admin = await signedInStaff(t);
  operator = await signedInStaff(t, 'operatore');
  acmeAdmin = await signedInStaff(t, 'admin', 'acme.localhost');
  deps = paidAppointmentDeps(t);
}, START_TIMEOUT_MS);

afterAll(() => t.close());

const body = reservationBodies(
  () => ({ store: milano, topic: singleRoomTopic, firstName: 'Giulia', lastName: 'Bianchi', phone: '333 765 4321', privacyConsent: true }),
  (n) => ({ email: `giulia.bianchi.${n}@example.it` }),
);

async function setPrice(topicId: string, price: number | null) {
  const response = await admin.post(`/api/topic/${topicId}`, { price });
  expect(response.statusCode).toBe(200);
  return managedTopicSchema.parse(response.json());
}

async function book(startsAt: string, extra: Partial<ReservationBody> = {}, headers?: Record<string, string>) {
  const request = body(startsAt, extra);
  const response = await (await visitor()).post('/api/reservations', request, headers);
  expect(response.statusCode).toBe(201);
  return { created: createdReservationSchema.parse(response.json()), email: request.email };
}

const pay = async (created: CreatedReservation, cardNumber?: string) => payHold(await visitor(), created, cardNumber);

const verify = async (created: CreatedReservation, host = 'demo.localhost') => readPayment(await visitor(host), created);

const mailsTo = (email: string) => t.db.asOwner((tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.to, email)));

async function rowOf(id: string) {
  const [row] = await t.db.asOwner((tx) => tx.select().from(reservations).where(eq(reservations.id, id)));
  return row!;
}

/** The port's own record of the reservation's payment. */
async function portState(id: string) {
  const row = await rowOf(id);
  return t.app.customerPayments.retrieve({ companyId: demoId, accountId: row.paymentAccount, paymentId: row.paymentId! });
}

describe('a topic’s price', () => {
  it('is set and cleared by the topic’s managers, and shown in the visitor’s store and slots reads', async () => {
    expect((await setPrice(singleRoomTopic, PRICE)).price).toBe(PRICE);
    const listed = managedTopicsSchema.parse((await admin.get(`/api/store/${milano}/topics`)).json());
    expect(listed.find((topic) => topic.id === singleRoomTopic)!.price).toBe(PRICE);
    expect(listed.find((topic) => topic.id === consulenzaTopic)!.price).toBeNull();
    const config = storeConfigSchema.parse((await (await visitor()).get(`/api/config/store/${milano}`)).json());
    expect(config.topics.find((topic) => topic.id === singleRoomTopic)!.price).toBe(PRICE);
    const slots = storeSlotsSchema.parse(
      (await (await visitor()).get(`/api/config/store/${milano}/slots?topic=${singleRoomTopic}&from=2026-03-03&to=2026-03-03`)).json(),
    );
    expect(slots.price).toBe(PRICE);
    // A price given at creation, then taken away.
    const created = await admin.post(`/api/store/${milano}/topics`, { name: 'Consulenza a pagamento', price: 9900 });
    expect(created.statusCode).toBe(201);
    const topic = managedTopicSchema.parse(created.json());
    expect(topic.price).toBe(9900);
    expect((await setPrice(topic.id, null)).price).toBeNull();
    expect((await admin.request('DELETE', `/api/topic/${topic.id}`)).statusCode).toBe(200);
  });

  it('refuses a price out of bounds or not whole cents with the Italian message, nothing changed', async () => {
    const message = IT_PAID_BOOKING.validation.price(formatEuro(TOPIC_PRICE_MIN), formatEuro(TOPIC_PRICE_MAX));
    for (const price of [TOPIC_PRICE_MIN - 1, TOPIC_PRICE_MAX + 1, 12.5, '4500', -100, 0]) {
      const response = await admin.post(`/api/topic/${singleRoomTopic}`, { price });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field: 'price', message });
    }
    const [row] = await t.db.asOwner((tx) => tx.select({ price: topics.price }).from(topics).where(eq(topics.id, singleRoomTopic)));
    expect(row!.price).toBe(PRICE);
  });

  it('is another company’s to set: 404 for Acme’s admin, 403 for an operator', async () => {
    expect((await acmeAdmin.post(`/api/topic/${singleRoomTopic}`, { price: 100 })).statusCode).toBe(404);
    expect((await admin.post(`/api/topic/${acmeTopic}`, { price: 100 })).statusCode).toBe(404);
    expect((await operator.post(`/api/topic/${singleRoomTopic}`, { price: 100 })).statusCode).toBe(403);
  });
});

describe('booking a priced topic', () => {
  it('holds the place 15 minutes with the card form’s data, sends nothing, and answers a retry the same hold and payment', async () => {
    const startsAt = '2026-03-03T08:00:00.000Z';
    const key = 'paid-booking-key-0001';
    const request = body(startsAt);
    const browser = await visitor();
    const first = await browser.post('/api/reservations', request, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    const created = createdReservationSchema.parse(first.json());
    const holdEnds = new Date(t.clock.now().getTime() + APPOINTMENT_HOLD_MINUTES * 60_000).toISOString();
    expect(created.reservation).toMatchObject({
      status: 'held',
      changeableUntil: null,
      payment: { status: 'pending', amount: PRICE, holdExpiresAt: holdEnds },
    });
    expect(created.checkout).toMatchObject({ amount: PRICE, holdExpiresAt: holdEnds, publishableKey: null, stripeAccount: null });
    expect(created.checkout!.clientSecret.length).toBeGreaterThan(10);
    expect(await mailsTo(request.email)).toHaveLength(0);
    // The place is held: nobody else has it, and the free times say so.
    const other = await (await visitor()).post('/api/reservations', body(startsAt));
    expect(other.statusCode).toBe(409);
    slotTakenSchema.parse(other.json());
    const slots = storeSlotsSchema.parse(
      (await browser.get(`/api/config/store/${milano}/slots?topic=${singleRoomTopic}&from=2026-03-03&to=2026-03-03`)).json(),
    );
    expect(slots.days[0]!.slots.map((slot) => slot.startsAt)).not.toContain(startsAt);
    // The same submit again: the same reservation, token and payment.
    const again = createdReservationSchema.parse((await browser.post('/api/reservations', request, { 'idempotency-key': key })).json());
    expect(again.reservation.id).toBe(created.reservation.id);
    expect(again.manageToken).toBe(created.manageToken);
    expect(again.checkout!.clientSecret).toBe(created.checkout!.clientSecret);
    // The manage link shows it held; it cannot be cancelled before it is paid.
    const manage = { authorization: `Bearer ${created.manageToken}` };
    expect((await browser.get(`/api/reservations/${created.reservation.id}`, manage)).json()).toMatchObject({ status: 'held' });
    expect((await browser.post(`/api/reservations/${created.reservation.id}/cancel`, undefined, manage)).json()).toMatchObject({
      statusCode: 409,
      message: IT_BOOKING.errors.notBooked,
    });
  });

  it('is booked once paid in time: two verifies in parallel and the port’s event confirm it once, with the usual e-mails', async () => {
    const { created, email } = await book('2026-03-03T09:00:00.000Z');
    const row = await rowOf(created.reservation.id);
    const event = () =>
      t.app.customerPaymentEvents.dispatch({
        kind: 'payment.succeeded',
        id: 'evt_retry',
        purpose: 'appointment',
        reference: created.reservation.id,
        ref: { companyId: demoId, accountId: row.paymentAccount, paymentId: row.paymentId! },
      });
    // The payment, two verifies and the provider's event (again) all at once, in whatever order they land.
    const [paid, ...verified] = await Promise.all([pay(created), verify(created), verify(created), event().then(() => null)]);
    expect(paid.statusCode).toBe(200);
    for (const response of verified) if (response) expect(response.statusCode).toBe(200);
    const after = await Promise.all([verify(created), verify(created), event()]);
    for (const response of after.slice(0, 2)) {
      expect(reservationPaymentStateSchema.parse(response!.json())).toMatchObject({
        reservation: { status: 'booked', payment: { status: 'paid', amount: PRICE } },
        checkout: null,
      });
    }
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Appuntamento confermato');
    // The manage link kept while it was held is in the e-mail, as a free booking's; the token itself is not kept.
    expect(mails[0]!.text).toContain(encodeURIComponent(created.manageToken));
    expect((await rowOf(created.reservation.id)).heldManageToken).toBeNull();
    const staffNotices = await t.db.asOwner((tx) =>
      tx
        .select()
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.companyId, demoId),
            inArray(mailOutbox.subject, [IT_BOOKING.mail.staffNewSubject('martedì 3 marzo 2026, 10:00', 'Giulia Bianchi')]),
          ),
        ),
    );
    expect(staffNotices.length).toBeGreaterThan(0);
    expect(new Set(staffNotices.map((mail) => mail.to)).size).toBe(staffNotices.length);
  });

  it('keeps exactly capacity with holds counted: 50 parallel bookings of a 3-place start hold 3, 409 to the others', async () => {
    await setPrice(consulenzaTopic, 2000);
    await t.db.asOwnerForTenant(demoId, (tx) => tx.update(rooms).set({ reservationSlots: 3 }).where(eq(rooms.id, assistenzaRoom)));
    try {
      const startsAt = '2026-03-04T08:00:00.000Z';
      const browsers = await Promise.all(Array.from({ length: 50 }, (_, i) => visitor('demo.localhost', `203.0.113.${i + 1}`)));
      const responses = await Promise.all(
        browsers.map((browser) => browser.post('/api/reservations', body(startsAt, { topic: consulenzaTopic, room: assistenzaRoom }))),
      );
      const codes = responses.map((response) => response.statusCode);
      expect(codes.filter((code) => code === 201)).toHaveLength(3);
      expect(codes.filter((code) => code === 409)).toHaveLength(47);
      const held = await t.db.asOwner((tx) =>
        tx
          .select({ status: reservations.status, seat: reservations.seat })
          .from(reservations)
          .where(and(eq(reservations.roomId, assistenzaRoom), eq(reservations.startsAt, new Date(startsAt)))),
      );
      expect(held.map((row) => row.status)).toEqual(['held', 'held', 'held']);
      expect(new Set(held.map((row) => row.seat)).size).toBe(3);
    } finally {
      await t.db.asOwnerForTenant(demoId, (tx) => tx.update(rooms).set({ reservationSlots: 2 }).where(eq(rooms.id, assistenzaRoom)));
      await setPrice(consulenzaTopic, null);
    }
  }, 120_000);
});

describe('a hold that ends unpaid', () => {
  it('frees the place and sends nothing: the sweep releases it and cancels its payment', async () => {
    const startsAt = '2026-03-05T08:00:00.000Z';
    const { created, email } = await book(startsAt);
    const outboxBefore = (await t.db.asOwner((tx) => tx.select({ id: mailOutbox.id }).from(mailOutbox))).length;
    // One second before its end the sweep leaves it.
    t.clock.advance(APPOINTMENT_HOLD_MINUTES * 60_000 - 1000);
    await sweepPaidAppointments(deps);
    expect((await rowOf(created.reservation.id)).status).toBe('held');
    t.clock.advance(2000);
    await sweepPaidAppointments(deps);
    const row = await rowOf(created.reservation.id);
    expect(row).toMatchObject({ status: 'expired', paymentStatus: 'canceled', heldManageToken: null });
    expect((await portState(created.reservation.id)).status).toBe('canceled');
    // The card form cannot pay it any more; the verify says expired.
    expect((await pay(created)).statusCode).not.toBe(200);
    expect(reservationPaymentStateSchema.parse((await verify(created)).json())).toMatchObject({
      reservation: { status: 'expired', payment: { status: 'canceled' } },
      checkout: null,
    });
    // Nothing was sent, to anyone; the place is free for the next customer.
    expect(await mailsTo(email)).toHaveLength(0);
    expect((await t.db.asOwner((tx) => tx.select({ id: mailOutbox.id }).from(mailOutbox))).length).toBe(outboxBefore);
    const next = await book(startsAt);
    expect(next.created.reservation.status).toBe('held');
  });

  it('is released by the next booking of its time even before the sweep runs', async () => {
    const startsAt = '2026-03-05T09:00:00.000Z';
    const first = await book(startsAt);
    t.clock.advance(APPOINTMENT_HOLD_MINUTES * 60_000 + 1000);
    const second = await book(startsAt);
    expect(second.created.reservation.status).toBe('held');
    expect(await rowOf(first.created.reservation.id)).toMatchObject({ status: 'expired', paymentStatus: 'pending' });
    // Paid now, after its place was given away: refunded in full at once, and left expired.
    expect((await pay(first.created)).statusCode).toBe(200);
    expect(reservationPaymentStateSchema.parse((await verify(first.created)).json()).reservation).toMatchObject({
      status: 'expired',
      payment: { status: 'refunded', amount: PRICE },
    });
    const state = await portState(first.created.reservation.id);
    expect(state).toMatchObject({ status: 'paid', amountReceived: PRICE, amountRefunded: PRICE });
    // No confirmation: only the refund's e-mail (booking-paid-gaps.test.ts).
    expect(await mailsTo(first.email)).toHaveLength(1);
    // The sweep has nothing more to do for it.
    await sweepPaidAppointments(deps);
    expect((await portState(first.created.reservation.id)).amountRefunded).toBe(PRICE);
  });

  it('is booked when paid late while nobody needed its place', async () => {
    const { created, email } = await book('2026-03-05T10:00:00.000Z');
    t.clock.advance(APPOINTMENT_HOLD_MINUTES * 60_000 + 60_000);
    expect((await pay(created)).statusCode).toBe(200);
    expect(reservationPaymentStateSchema.parse((await verify(created)).json()).reservation).toMatchObject({ status: 'booked', payment: { status: 'paid' } });
    expect(await mailsTo(email)).toHaveLength(1);
  });
});

describe('refunds', () => {
  async function paidBooking(startsAt: string) {
    const booked = await book(startsAt);
    expect((await pay(booked.created)).statusCode).toBe(200);
    await verify(booked.created);
    return booked;
  }

  it('refunds in full a cancellation within the customer’s cut-off', async () => {
    const { created } = await paidBooking('2026-03-06T08:00:00.000Z');
    const cancelled = await (
      await visitor()
    ).post(`/api/reservations/${created.reservation.id}/cancel`, undefined, { authorization: `Bearer ${created.manageToken}` });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', payment: { status: 'refunded', amount: PRICE } });
    expect(await portState(created.reservation.id)).toMatchObject({ amountReceived: PRICE, amountRefunded: PRICE });
  });

  it('lets staff refund from the agenda, once, logged; the agenda shows the payment', async () => {
    const { created } = await paidBooking('2026-03-06T09:00:00.000Z');
    const list = staffReservationsPageSchema.parse((await admin.get(`/api/bo/reservations?store=${milano}&from=2026-03-06&to=2026-03-06`)).json());
    expect(list.items.find((item) => item.id === created.reservation.id)!.payment).toEqual({ status: 'paid', amount: PRICE, holdExpiresAt: null });
    // Another company's admin, and a malformed id: not found; nothing refunded.
    expect((await acmeAdmin.post(`/api/bo/reservations/${created.reservation.id}/refund`)).statusCode).toBe(404);
    expect((await admin.post(`/api/bo/reservations/not-an-id/refund`)).json()).toMatchObject({
      statusCode: 404,
      message: IT_BOOKING.errors.reservationNotFound,
    });
    expect((await portState(created.reservation.id)).amountRefunded).toBe(0);
    const refunded = await admin.post(`/api/bo/reservations/${created.reservation.id}/refund`);
    expect(refunded.statusCode).toBe(200);
    expect(staffReservationSchema.parse(refunded.json())).toMatchObject({ status: 'booked', payment: { status: 'refunded', amount: PRICE } });
    expect(await portState(created.reservation.id)).toMatchObject({ amountRefunded: PRICE });
    const again = await admin.post(`/api/bo/reservations/${created.reservation.id}/refund`);
    expect(again.json()).toMatchObject({ statusCode: 409, message: IT_PAID_BOOKING.errors.alreadyRefunded });
    const logged = await t.db.asOwner((tx) => tx.select().from(activityLog).where(eq(activityLog.entityId, created.reservation.id)));
    expect(logged.map((line) => line.summary)).toEqual([IT_PAID_BOOKING.activity.refunded('Giulia Bianchi', 'venerdì 6 marzo 2026, 10:00', formatEuro(PRICE))]);
    // A free appointment has nothing to refund.
    const free = await (await visitor()).post('/api/reservations', body('2026-03-06T10:00:00.000Z', { topic: consulenzaTopic, room: assistenzaRoom }));
    const freeId = createdReservationSchema.parse(free.json()).reservation.id;
    expect((await admin.post(`/api/bo/reservations/${freeId}/refund`)).json()).toMatchObject({ statusCode: 409, message: IT_PAID_BOOKING.errors.notPaid });
  });

  it('refunds a staff cancellation of a paid appointment', async () => {
    const { created } = await paidBooking('2026-03-06T13:00:00.000Z');
    const cancelled = await admin.request('DELETE', `/api/bo/reservations/${created.reservation.id}`);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', payment: { status: 'refunded' } });
    expect((await portState(created.reservation.id)).amountRefunded).toBe(PRICE);
  });
});

describe('the payment’s verify call', () => {
  it('needs the manage token, and is not found on another company’s host or with a malformed id', async () => {
    const { created } = await book('2026-03-06T14:00:00.000Z');
    const id = created.reservation.id;
    expect((await (await visitor()).get(`/api/reservations/${id}/payment`)).statusCode).toBe(401);
    expect((await (await visitor()).get(`/api/reservations/${id}/payment`, { authorization: 'Bearer wrong' })).statusCode).toBe(404);
    expect((await verify(created, 'acme.localhost')).statusCode).toBe(404);
    expect((await (await visitor()).get(`/api/reservations/nope/payment`, { authorization: `Bearer ${created.manageToken}` })).statusCode).toBe(404);
    // While held it answers the same card form data again.
    const state = reservationPaymentStateSchema.parse((await verify(created)).json());
    expect(state.checkout!.clientSecret).toBe(created.checkout!.clientSecret);
  });
});
