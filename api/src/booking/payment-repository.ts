import { and, asc, eq, gt, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { reservations, rooms } from '../db/schema';

/*
 * The queries of paid appointments (payments.ts): a hold's payment reference, its release, its
 * confirmation once paid, and the refunds. Every one filters by company_id; each change is a
 * compare-and-set on the reservation's status or payment status, so that whatever the number of
 * callers (the provider's event, the customer's verify, the sweep) it happens once.
 */

/** The payment port's reference, stored once the payment is created (only the first creation writes). */
export async function setPaymentRef(tx: Tx, companyId: string, id: string, ref: { paymentId: string; accountId: string | null }): Promise<void> {
  await tx
    .update(reservations)
    .set({ paymentId: ref.paymentId, paymentAccount: ref.accountId })
    .where(and(eq(reservations.companyId, companyId), eq(reservations.id, id), sql`${reservations.paymentId} is null`));
}

/**
 * Releases the holds of these rooms that ended before `now` and overlap [from, to): 'expired', out
 * of capacity (the place constraint counts 'held' only). Their payments stay 'pending' for the
 * sweep to cancel at the provider. Locked in id order, so that two writers never deadlock on them.
 */
export async function releaseEndedHolds(tx: Tx, companyId: string, roomIds: string[], from: Date, to: Date, now: Date): Promise<number> {
  if (roomIds.length === 0) return 0;
  const ended = await tx
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        eq(reservations.companyId, companyId),
        inArray(reservations.roomId, roomIds),
        eq(reservations.status, 'held'),
        lte(reservations.holdExpiresAt, now),
        lt(reservations.startsAt, to),
        gt(reservations.endsAt, from),
      ),
    )
    .orderBy(asc(reservations.id))
    .for('update');
  return expire(
    tx,
    companyId,
    ended.map((row) => row.id),
  );
}

/** The company's holds that ended before `now`, a batch of them, locked (skipping those another sweep holds). */
export async function lockEndedHolds(tx: Tx, companyId: string, now: Date, limit: number): Promise<string[]> {
  const rows = await tx
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(eq(reservations.companyId, companyId), eq(reservations.status, 'held'), lte(reservations.holdExpiresAt, now)))
    .orderBy(asc(reservations.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((row) => row.id);
}

/**
 * Held → expired. The manage token kept for the confirmation e-mail stays until the payment is
 * settled one way or the other (paid late, the place may still be taken back and confirmed).
 */
export async function expire(tx: Tx, companyId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await tx
    .update(reservations)
    .set({ status: 'expired', updatedAt: sql`now()` })
    .where(and(eq(reservations.companyId, companyId), inArray(reservations.id, ids), eq(reservations.status, 'held')))
    .returning({ id: reservations.id });
  return rows.length;
}

/** Reservations whose payment needs the provider: an ended hold's to cancel, a refund decided and not yet made. */
export async function paymentsToFollowUp(tx: Tx, companyId: string, limit: number) {
  return tx
    .select({ id: reservations.id, status: reservations.status, paymentStatus: reservations.paymentStatus })
    .from(reservations)
    .where(
      and(
        eq(reservations.companyId, companyId),
        sql`((${reservations.status} = 'expired' and ${reservations.paymentStatus} = 'pending') or ${reservations.paymentStatus} = 'refund_due')`,
      ),
    )
    .orderBy(asc(reservations.id))
    .limit(limit);
}

/** Held → booked, paid (compare-and-set: false when another caller confirmed it first, or it is not held). */
export async function confirmHeld(tx: Tx, companyId: string, id: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(reservations)
    .set({ status: 'booked', paymentStatus: 'paid', paidAt: now, heldManageToken: null, holdExpiresAt: null, updatedAt: sql`now()` })
    .where(and(eq(reservations.companyId, companyId), eq(reservations.id, id), eq(reservations.status, 'held')))
    .returning({ id: reservations.id });
  return rows.length > 0;
}

/**
 * Expired (paid after its hold ended) → booked on place `seat` of its room, when no active
 * reservation holds that place then (the constraint still decides against a writer not yet committed).
 */
export async function retakePlace(
  tx: Tx,
  companyId: string,
  place: { id: string; roomId: string; startsAt: Date; endsAt: Date },
  seat: number,
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .update(reservations)
    .set({ status: 'booked', seat, paymentStatus: 'paid', paidAt: now, holdExpiresAt: null, heldManageToken: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(reservations.companyId, companyId),
        eq(reservations.id, place.id),
        eq(reservations.status, 'expired'),
        sql`not exists (select 1 from reservations other where other.company_id = ${companyId} and other.room_id = ${place.roomId}
          and other.seat = ${seat} and other.status in ('booked', 'completed', 'held') and other.id <> ${place.id}
          and tstzrange(other.starts_at, other.ends_at) && tstzrange(${place.startsAt}, ${place.endsAt}))`,
      ),
    )
    .returning({ id: reservations.id });
  return rows.length > 0;
}

/** The places of the reservation's room (its capacity). */
export async function roomCapacity(tx: Tx, companyId: string, roomId: string): Promise<number> {
  const [row] = await tx
    .select({ capacity: rooms.reservationSlots })
    .from(rooms)
    .where(and(eq(rooms.companyId, companyId), eq(rooms.id, roomId)));
  return row?.capacity ?? 0;
}

/** Sets the payment's status from one of `from` (compare-and-set); answers whether it changed. */
export async function movePaymentStatus(
  tx: Tx,
  companyId: string,
  id: string,
  from: readonly string[],
  to: 'paid' | 'refund_due' | 'refunded' | 'canceled',
  now: Date,
): Promise<boolean> {
  const stamps = to === 'refunded' ? { refundedAt: now } : to === 'paid' ? { paidAt: now } : {};
  // Once it will not be confirmed any more, the manage token kept for that e-mail goes.
  const token = to === 'paid' ? {} : { heldManageToken: null };
  const rows = await tx
    .update(reservations)
    .set({ paymentStatus: to, ...stamps, ...token, updatedAt: sql`now()` })
    .where(
      and(
        eq(reservations.companyId, companyId),
        eq(reservations.id, id),
        inArray(reservations.paymentStatus, [...from]),
        isNotNull(reservations.paymentStatus),
      ),
    )
    .returning({ id: reservations.id });
  return rows.length > 0;
}
