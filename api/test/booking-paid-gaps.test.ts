import { eq } from 'drizzle-orm';
import {
  APPOINTMENT_HOLD_MINUTES,
  createdReservationSchema,
  reservationPaymentStateSchema,
  type CreatedReservation,
} from '@incontra/contracts/api/reservations';
import { IT_BOOKING_REFUND_MAIL } from '@incontra/contracts/messages/it-booking-refund-mail';
import { formatEuro } from '@incontra/contracts/money';
import { sweepPaidAppointments, type PaymentDeps } from '../src/booking/payments';
import { mailOutbox, reservations } from '../src/db/schema';
import { reservationBodies, seededBooking, serveByOneRoom, siteVisitor } from './helpers/booking-fixtures';
import { paidAppointmentDeps, payHold, readPayment } from './helpers/paid-booking';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import type { TestClient } from './helpers/test-client';
import { signedInStaff } from './helpers/video-room-fixtures';

/*
 * Paid appointments, what follows a refund and a closing: the customer's e-mail saying the amount
 * refunded (a late payment whose place was gone, a cancellation's refund, the staff's refund, a
 * refund made at the provider), once per refund however often it is settled; and a room's closing
 * that releases the holds of the time it closes (expired, the place free, the payment cancelled at
 * the port by the sweep; one paid meanwhile refunded, never booked in the closed time). Demo data,
 * the payment port's test mode; the clock stands at Monday 2 March 2026, 10:00 in Rome (09:00Z).
 */

let t: TestApp;
let demoId: string;
let milano: string;
let paidTopic: string;
let room: string;
let admin: TestClient;
let deps: PaymentDeps;

const PRICE = 3500;
const refundSubject = formatEuro(PRICE);

beforeAll(async () => {
  t = await startTestApp({ rateLimits: { bookingsPerMinute: 10_000, manageCallsPerMinute: 10_000, notFoundPerMinute: 100_000 } });
  const ids = await seededBooking(t);
  ({ milano, demoId, singleRoomTopic: paidTopic, consulenzaRoom: room } = ids);
  // The topic served by Sala Consulenza alone: one place per start.
  await serveByOneRoom(t, ids);
  admin = await signedInStaff(t);
  expect((await admin.post(`/api/topic/${paidTopic}`, { price: PRICE })).statusCode).toBe(200);
  deps = paidAppointmentDeps(t);
}, START_TIMEOUT_MS);

afterAll(() => t.close());

const visitor = () => siteVisitor(t, 'demo.localhost', '198.51.100.77');

const body = reservationBodies(
  () => ({ store: milano, topic: paidTopic, firstName: 'Marta', lastName: 'Verdi', phone: '333 765 4321', privacyConsent: true }),
  (n) => ({ email: `marta.verdi.${n}@example.it` }),
);

async function book(startsAt: string): Promise<{ created: CreatedReservation; email: string }> {
  const request = body(startsAt);
  const response = await (await visitor()).post('/api/reservations', request);
  expect(response.statusCode).toBe(201);
  return { created: createdReservationSchema.parse(response.json()), email: request.email };
}

const pay = async (created: CreatedReservation) => payHold(await visitor(), created);

const verify = async (created: CreatedReservation) => reservationPaymentStateSchema.parse((await readPayment(await visitor(), created)).json());

async function paidBooking(startsAt: string) {
  const booked = await book(startsAt);
  expect((await pay(booked.created)).statusCode).toBe(200);
  expect((await verify(booked.created)).reservation.status).toBe('booked');
  return booked;
}

const mailsTo = (email: string) =>
  t.db.asOwner((tx) => tx.select({ subject: mailOutbox.subject, text: mailOutbox.text }).from(mailOutbox).where(eq(mailOutbox.to, email)));
const refundMails = async (email: string) => (await mailsTo(email)).filter((mail) => mail.subject === IT_BOOKING_REFUND_MAIL.subject('Demo', refundSubject));

async function rowOf(id: string) {
  const [row] = await t.db.asOwner((tx) => tx.select().from(reservations).where(eq(reservations.id, id)));
  return row!;
}

async function portState(id: string) {
  const row = await rowOf(id);
  return t.app.customerPayments.retrieve({ companyId: demoId, accountId: row.paymentAccount, paymentId: row.paymentId! });
}

describe('the refund e-mail', () => {
  it('tells the customer of a late payment refunded because the place was gone, once, with the amount and the appointment', async () => {
    const startsAt = '2026-03-09T08:00:00.000Z';
    const first = await book(startsAt);
    t.clock.advance(APPOINTMENT_HOLD_MINUTES * 60_000 + 1000);
    await book(startsAt);
    expect((await pay(first.created)).statusCode).toBe(200);
    expect((await verify(first.created)).reservation).toMatchObject({ status: 'expired', payment: { status: 'refunded', amount: PRICE } });
    // Settled again (the customer's page, the sweep): no second e-mail.
    await verify(first.created);
    await sweepPaidAppointments(deps);
    const mails = await mailsTo(first.email);
    expect(mails).toEqual([
      {
        subject: IT_BOOKING_REFUND_MAIL.subject('Demo', '35,00 €'),
        text: IT_BOOKING_REFUND_MAIL.text('Marta', 'Demo', '35,00 €', 'Assistenza post-vendita', 'lunedì 9 marzo 2026, 09:00'),
      },
    ]);
  });

  it('follows a cancellation’s refund within the cut-off, after the confirmation and the cancellation', async () => {
    const { created, email } = await paidBooking('2026-03-09T09:00:00.000Z');
    const cancelled = await (
      await visitor()
    ).post(`/api/reservations/${created.reservation.id}/cancel`, undefined, { authorization: `Bearer ${created.manageToken}` });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', payment: { status: 'refunded' } });
    await sweepPaidAppointments(deps);
    expect(await refundMails(email)).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(3);
  });

  it('follows the staff’s refund from the agenda once, a second refund refused and nothing more sent', async () => {
    const { created, email } = await paidBooking('2026-03-09T10:00:00.000Z');
    expect(await refundMails(email)).toHaveLength(0);
    expect((await admin.post(`/api/bo/reservations/${created.reservation.id}/refund`)).statusCode).toBe(200);
    expect((await admin.post(`/api/bo/reservations/${created.reservation.id}/refund`)).statusCode).toBe(409);
    await sweepPaidAppointments(deps);
    await verify(created);
    expect(await refundMails(email)).toHaveLength(1);
  });

  it('follows a refund made at the provider (the company’s dashboard) once settled, not again on later settles', async () => {
    const { created, email } = await paidBooking('2026-03-09T13:00:00.000Z');
    const row = await rowOf(created.reservation.id);
    const ref = { companyId: demoId, accountId: row.paymentAccount, paymentId: row.paymentId! };
    await t.app.customerPayments.refund({ ref, idempotencyKey: 'dashboard-refund-1' });
    expect((await verify(created)).reservation).toMatchObject({ payment: { status: 'refunded' } });
    await verify(created);
    expect(await refundMails(email)).toHaveLength(1);
  });

  it('is not sent when a refund fails at the provider: the refund stays due, and the e-mail goes with the sweep that makes it', async () => {
    const { created, email } = await paidBooking('2026-03-09T14:00:00.000Z');
    const refund = jest.spyOn(t.app.customerPayments, 'refund').mockRejectedValueOnce(new Error('provider down'));
    try {
      expect((await admin.post(`/api/bo/reservations/${created.reservation.id}/refund`)).json()).toMatchObject({ payment: { status: 'refunding' } });
      expect(await refundMails(email)).toHaveLength(0);
    } finally {
      refund.mockRestore();
    }
    await sweepPaidAppointments(deps);
    expect((await rowOf(created.reservation.id)).paymentStatus).toBe('refunded');
    expect(await refundMails(email)).toHaveLength(1);
  });
});

describe('a closing over held appointments', () => {
  const closeDay = (date: string, extra: Record<string, unknown> = {}) => admin.post(`/api/room/${room}/exceptions`, { date, ranges: [], ...extra });

  it('releases the holds of the closed day with the booked appointments it cancels; the sweep cancels their payments at the port', async () => {
    const booked = await paidBooking('2026-03-10T08:00:00.000Z');
    const held = await book('2026-03-10T09:00:00.000Z');
    const otherDay = await book('2026-03-11T09:00:00.000Z');
    const response = await closeDay('2026-03-10', { affected: 'cancel' });
    expect(response.statusCode).toBe(200);
    expect(await rowOf(booked.created.reservation.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refund_due' });
    expect(await rowOf(held.created.reservation.id)).toMatchObject({ status: 'expired', paymentStatus: 'pending' });
    // A hold of a day the closing leaves open stays held.
    expect((await rowOf(otherDay.created.reservation.id)).status).toBe('held');
    await sweepPaidAppointments(deps);
    expect(await rowOf(held.created.reservation.id)).toMatchObject({ status: 'expired', paymentStatus: 'canceled' });
    expect((await portState(held.created.reservation.id)).status).toBe('canceled');
    expect((await pay(held.created)).statusCode).not.toBe(200);
    // Nothing was sent about the hold.
    expect(await mailsTo(held.email)).toHaveLength(0);
    expect((await verify(held.created)).reservation).toMatchObject({ status: 'expired', payment: { status: 'canceled' } });
  });

  it('releases a hold in the closed time with no booked appointment to decide on, and refunds its payment made meanwhile instead of booking it', async () => {
    const held = await book('2026-03-12T09:00:00.000Z');
    // Closing with nobody booked needs no decision.
    expect((await closeDay('2026-03-12')).statusCode).toBe(200);
    expect((await rowOf(held.created.reservation.id)).status).toBe('expired');
    // The customer pays before the sweep cancels the payment: the place is free, but its time is closed.
    expect((await pay(held.created)).statusCode).toBe(200);
    expect((await verify(held.created)).reservation).toMatchObject({ status: 'expired', payment: { status: 'refunded', amount: PRICE } });
    expect(await portState(held.created.reservation.id)).toMatchObject({ amountReceived: PRICE, amountRefunded: PRICE });
    expect(await refundMails(held.email)).toHaveLength(1);
  });

  it('keeps the holds when the admin keeps the booked appointments', async () => {
    await paidBooking('2026-03-13T08:00:00.000Z');
    const held = await book('2026-03-13T09:00:00.000Z');
    expect((await closeDay('2026-03-13', { affected: 'keep' })).statusCode).toBe(200);
    expect((await rowOf(held.created.reservation.id)).status).toBe('held');
  });
});
