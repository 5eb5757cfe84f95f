import type { FastifyBaseLogger } from 'fastify';
import { RESERVATION_STATUS, type ReservationCheckout } from '@incontra/contracts/api/reservations';
import { IT_PAID_BOOKING } from '@incontra/contracts/messages/it-paid-booking';
import type { Database, Tx } from '../db/database';
import { isExclusionViolation } from '../errors/database-errors';
import { formatEuro } from '@incontra/contracts/money';
import { recordActivity } from '../activity/activity-log';
import { HttpError } from '../http/http-error';
import type { CustomerPaymentGateway, CustomerPaymentRef } from '../payments/customer-payments';
import { listHostedCompanyIds } from '../tenancy/company-directory';
import { tellAgendaAfterCommit } from './agenda';
import type { Availability } from './availability';
import { appointmentWhen } from './booking-mail';
import type { Access } from './customer-access';
import * as paid from './payment-repository';
import { enqueueRefundMail } from './refund-mail';
import * as repository from './repository';
import { addDays, dateIn } from '../scheduling/zoned-time';
import { FREE_SLOT_DAYS_MAX, freeSlots } from './free-slots';
import { enqueueAppointmentMails, PLACE_CONSTRAINT, type WriteDeps } from './writes';

/*
 * Paid appointments. Booking a priced topic inserts the reservation 'held' (writes.ts), counted in
 * capacity by the place constraint like a booked one, for APPOINTMENT_HOLD_MINUTES; then here:
 *
 * - the payment is created at the port once the hold has committed (never inside the booking's
 *   transaction: a provider's call would keep the contenders for the place waiting), keyed by the
 *   reservation, so a retried booking (same Idempotency-Key, same reservation) gets the same one;
 * - `settle` applies what the provider says now (its event, the customer's verify call, the sweep
 *   alike; never trusting an event's order or count): paid while held → booked once (compare-and-
 *   set under the row's lock), with the confirmation e-mails and the agenda's notice a free booking
 *   has; paid after the hold was released → its place taken back if still free, else refunded
 *   in full at once and left 'expired' with its payment 'refunded';
 * - the sweep releases ended holds ('expired': the place freed, nothing sent), cancels their
 *   payments at the provider, and finishes any refund decided but not yet made (a crash between
 *   the decision and the provider's call loses nothing);
 * - a cancellation of a paid appointment (the customer's within their cut-off, the staff's, a
 *   closing's) and the staff's refund from the agenda refund in full, once (one idempotency key per
 *   reservation: whoever asks, the provider refunds it once).
 */

/** Reservations per company a sweep run handles (a backlog is worked through over the next runs). */
const SWEEP_BATCH = 200;

/** The payment's idempotency key at the port: one payment per reservation, whatever the retries. */
export const paymentKey = (reservationId: string) => `appointment-${reservationId}`;
/** The refund's: a reservation is refunded once, in full, whoever asks and however often. */
export const refundKey = (reservationId: string) => `appointment-refund-${reservationId}`;

export interface PaymentDeps extends WriteDeps {
  db: Database;
  payments: CustomerPaymentGateway;
  availability: Availability;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

type Row = repository.ReservationRow;

function refOf(companyId: string, row: Pick<Row, 'paymentId' | 'paymentAccount'>): CustomerPaymentRef | null {
  return row.paymentId ? { companyId, accountId: row.paymentAccount, paymentId: row.paymentId } : null;
}

const read = (deps: PaymentDeps, companyId: string, id: string) => deps.db.withTenant(companyId, (tx) => repository.findReservation(tx, companyId, id));

/**
 * The card form's data for a held reservation: the payment created at the port (or, for a retry,
 * the same one again: same key), its reference stored the first time. When no payment could be
 * made, a hold that has none is released at once (its place free again, nothing sent) and the
 * refusal answered: the port's own (409: the company cannot take payments) or 503.
 */
export async function checkoutOf(deps: PaymentDeps, companyId: string, row: Row): Promise<ReservationCheckout> {
  try {
    const created = await deps.payments.create({
      companyId,
      purpose: 'appointment',
      reference: row.id,
      amount: row.paymentAmount!,
      description: IT_PAID_BOOKING.description(row.topicName ?? row.roomName, appointmentWhen(row.startsAt, row.timeZone)),
      receiptEmail: row.email,
      idempotencyKey: paymentKey(row.id),
    });
    if (!row.paymentId) await deps.db.withTenant(companyId, (tx) => paid.setPaymentRef(tx, companyId, row.id, created));
    return {
      clientSecret: created.clientSecret,
      publishableKey: created.publishableKey,
      stripeAccount: created.stripeAccount,
      amount: row.paymentAmount!,
      holdExpiresAt: row.holdExpiresAt!.toISOString(),
    };
  } catch (error) {
    if (!row.paymentId) await releaseUnpayable(deps, companyId, row);
    if (error instanceof HttpError) throw error;
    deps.log.warn({ err: error, reservation: row.id }, 'appointment payment not created');
    throw new HttpError(503, IT_PAID_BOOKING.errors.paymentUnavailable);
  }
}

/** A hold whose payment could not be made: released now, its payment canceled (none exists to cancel at the provider). */
async function releaseUnpayable(deps: PaymentDeps, companyId: string, row: Row): Promise<void> {
  await deps.db.withTenant(companyId, async (tx) => {
    if ((await paid.expire(tx, companyId, [row.id])) === 0) return;
    await paid.movePaymentStatus(tx, companyId, row.id, ['pending'], 'canceled', deps.clock());
    changedAfterCommit(deps, tx, companyId, row.storeId);
  });
}

/**
 * Applies the provider's truth about the reservation's payment, once whatever the number of
 * callers: paid while held → booked (the confirmation e-mails, the agenda told); paid after its
 * hold was released → its place taken back if free, else refunded; refunded at the provider →
 * 'refunded'. Anything else (still to pay, failed: the customer may try another card) changes nothing.
 */
export async function settle(deps: PaymentDeps, companyId: string, id: string): Promise<void> {
  const row = await read(deps, companyId, id);
  const ref = row && refOf(companyId, row);
  if (!row || !ref) return;
  const state = await deps.payments.retrieve(ref);
  if (state.status !== 'paid') return;
  if (state.amountRefunded > 0) {
    // Refunded at the provider (by us, or from the company's own dashboard): never booked again.
    await deps.db.withTenant(companyId, async (tx) => {
      await paid.expire(tx, companyId, [id]);
      if (await paid.movePaymentStatus(tx, companyId, id, ['pending', 'paid', 'refund_due', 'canceled'], 'refunded', deps.clock())) {
        await enqueueRefundMail(tx, deps.mailer, companyId, row, state.amountRefunded);
      }
      changedAfterCommit(deps, tx, companyId, row.storeId);
    });
    return;
  }
  const refund = await deps.db.withTenant(companyId, async (tx) => {
    const locked = await repository.findReservation(tx, companyId, id, true);
    if (!locked) return false;
    const now = deps.clock();
    if (locked.status === RESERVATION_STATUS.held) {
      // Paid in time, or late while nobody needed the place yet (its hold not released): it is booked.
      if (await paid.confirmHeld(tx, companyId, id, now)) await tellConfirmed(deps, tx, companyId, locked);
      return false;
    }
    if (locked.status !== RESERVATION_STATUS.expired || (locked.paymentStatus !== 'pending' && locked.paymentStatus !== 'canceled')) {
      return locked.paymentStatus === 'refund_due';
    }
    if (locked.startsAt.getTime() > now.getTime() && (await retake(tx, companyId, locked, now))) {
      await tellConfirmed(deps, tx, companyId, locked);
      return false;
    }
    await paid.movePaymentStatus(tx, companyId, id, ['pending', 'canceled'], 'refund_due', now);
    return true;
  });
  if (refund) await refundNow(deps, companyId, id);
}

/**
 * Paid after its hold was released: the same start in its room, any place of it still free, while
 * the room's opening still offers that start (a closing over it since, which released the hold,
 * leaves it to be refunded).
 */
async function retake(tx: Tx, companyId: string, row: Row, now: Date): Promise<boolean> {
  if (!(await stillOpen(tx, companyId, row, now))) return false;
  const capacity = await paid.roomCapacity(tx, companyId, row.roomId);
  for (let seat = 1; seat <= capacity; seat += 1) {
    try {
      // A savepoint: a writer not yet committed when checked makes the constraint refuse this place only.
      if (await tx.transaction((savepoint) => paid.retakePlace(savepoint, companyId, row, seat, now))) return true;
    } catch (error) {
      if (!isExclusionViolation(error, PLACE_CONSTRAINT)) throw error;
    }
  }
  return false;
}

/** Whether the room's opening as it stands offers the reservation's start for its topic (places aside: the constraint decides those). */
async function stillOpen(tx: Tx, companyId: string, row: Row, now: Date): Promise<boolean> {
  if (!row.topicId) return false;
  const date = dateIn(row.timeZone, row.startsAt);
  const schedules = await repository.topicSchedules(tx, companyId, row.storeId, row.topicId, addDays(date, -1));
  const room = schedules.filter((schedule) => schedule.roomId === row.roomId);
  const query = { timeZone: row.timeZone, from: date, to: date, now, minNoticeMinutes: 0, horizonDays: FREE_SLOT_DAYS_MAX };
  const [day] = freeSlots(room, [], query);
  return day?.slots.some((slot) => Date.parse(slot.startsAt) === row.startsAt.getTime()) ?? false;
}

/** Booked once paid: the e-mails and notices of a free booking, with the manage link kept while it was held. */
async function tellConfirmed(deps: PaymentDeps, tx: Tx, companyId: string, held: Row): Promise<void> {
  const row = (await repository.findReservation(tx, companyId, held.id))!;
  await enqueueAppointmentMails(tx, deps, companyId, row, { customer: 'confirmed', staff: 'new', manageToken: held.heldManageToken, sentBy: null });
  changedAfterCommit(deps, tx, companyId, row.storeId);
}

function changedAfterCommit(deps: PaymentDeps, tx: Tx, companyId: string, storeId: string): void {
  deps.availability.changedAfterCommit(tx, companyId);
  tellAgendaAfterCommit(tx, deps.agenda, companyId, storeId);
}

/**
 * A refund decided ('refund_due'), made at the provider in full (once per reservation: its key),
 * then recorded with the customer's e-mail saying the amount. A failure leaves it due: the sweep makes it at its next run. Answers the row.
 */
export async function refundNow(deps: PaymentDeps, companyId: string, id: string): Promise<Row | null> {
  const row = await read(deps, companyId, id);
  const ref = row && refOf(companyId, row);
  if (!row || !ref || row.paymentStatus !== 'refund_due') return row;
  let refunded: number;
  try {
    const state = await deps.payments.refund({ ref, idempotencyKey: refundKey(id) });
    if (state.amountRefunded < state.amountReceived) return row;
    refunded = state.amountRefunded;
  } catch (error) {
    deps.log.warn({ err: error, reservation: id }, 'appointment refund failed; the sweep tries again');
    return row;
  }
  return deps.db.withTenant(companyId, async (tx) => {
    // Recorded once (compare-and-set), and so told once: the customer's e-mail commits with it.
    if (await paid.movePaymentStatus(tx, companyId, id, ['refund_due'], 'refunded', deps.clock())) {
      await enqueueRefundMail(tx, deps.mailer, companyId, row, refunded);
    }
    tellAgendaAfterCommit(tx, deps.agenda, companyId, row.storeId);
    return repository.findReservation(tx, companyId, id);
  });
}

/**
 * Staff refund a paid reservation in full from the agenda (the appointment itself kept: cancelling
 * it is another call, which refunds too), logged. A refund already due is made again; one made,
 * or a reservation with nothing paid, is a 409.
 */
export async function refundReservation(deps: PaymentDeps, companyId: string, id: string, access: Access): Promise<Row> {
  const row = await deps.db.withTenant(companyId, async (tx) => {
    const row = await access.require(tx, id, true);
    if (row.paymentStatus === 'refunded') throw new HttpError(409, IT_PAID_BOOKING.errors.alreadyRefunded);
    if (row.paymentStatus === 'paid') {
      await paid.movePaymentStatus(tx, companyId, id, ['paid'], 'refund_due', deps.clock());
      if (access.staff) {
        const summary = IT_PAID_BOOKING.activity.refunded(row.customerName, appointmentWhen(row.startsAt, row.timeZone), formatEuro(row.paymentAmount!));
        await recordActivity(tx, companyId, access.staff.user, { action: 'update', entityType: 'reservation', entityId: id, summary });
      }
      tellAgendaAfterCommit(tx, deps.agenda, companyId, row.storeId);
    } else if (row.paymentStatus !== 'refund_due') throw new HttpError(409, IT_PAID_BOOKING.errors.notPaid);
    return row;
  });
  return (await refundNow(deps, companyId, id)) ?? row;
}

/**
 * The hold sweep, every company: holds that ended are released ('expired', the place free again,
 * nothing sent), their payments cancelled at the provider (one paid meanwhile is settled instead),
 * and refunds decided but not made are made. Answers how many reservations it handled.
 */
export async function sweepPaidAppointments(deps: PaymentDeps): Promise<number> {
  let handled = 0;
  for (const companyId of await deps.db.withoutTenant((tx) => listHostedCompanyIds(tx))) {
    handled += await deps.db.withTenant(companyId, async (tx) => {
      const released = await paid.expire(tx, companyId, await paid.lockEndedHolds(tx, companyId, deps.clock(), SWEEP_BATCH));
      if (released > 0) deps.availability.changedAfterCommit(tx, companyId);
      return released;
    });
    for (const due of await deps.db.withTenant(companyId, (tx) => paid.paymentsToFollowUp(tx, companyId, SWEEP_BATCH))) {
      try {
        if (due.paymentStatus === 'refund_due') await refundNow(deps, companyId, due.id);
        else await cancelPayment(deps, companyId, due.id);
        handled += 1;
      } catch (error) {
        deps.log.warn({ err: error, reservation: due.id }, 'appointment payment follow-up failed; the next sweep tries again');
      }
    }
  }
  return handled;
}

/** An ended hold's payment: cancelled at the provider, then 'canceled'; one the customer paid meanwhile is settled. */
async function cancelPayment(deps: PaymentDeps, companyId: string, id: string): Promise<void> {
  const row = await read(deps, companyId, id);
  if (!row || row.status !== RESERVATION_STATUS.expired || row.paymentStatus !== 'pending') return;
  const ref = refOf(companyId, row);
  const state = ref ? await deps.payments.cancel(ref) : null;
  if (state?.status === 'paid') return settle(deps, companyId, id);
  await deps.db.withTenant(companyId, (tx) => paid.movePaymentStatus(tx, companyId, id, ['pending'], 'canceled', deps.clock()));
}
