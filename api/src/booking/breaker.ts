import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { BookingBreakerConfig } from '../config/flood-defaults';
import type { Tx } from '../db/database';
import { bookingBreakers, bookingConfirmations, type PendingBooking } from '../db/schema';

export { DEFAULT_BOOKING_BREAKER, type BookingBreakerConfig } from '../config/flood-defaults';

export type BreakerRow = typeof bookingBreakers.$inferSelect;

/**
 * The store's breaker row, held until the transaction ends (made on the first customer booking).
 * Taken by every customer booking before it looks at places, so bookings of a store decide one
 * after the other: none can pass the check while another is tripping the breaker.
 */
export async function lockBreaker(tx: Tx, companyId: string, storeId: string, now: Date): Promise<BreakerRow> {
  await tx.insert(bookingBreakers).values({ companyId, storeId, windowStartedAt: now, bookings: 0 }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(bookingBreakers)
    .where(and(eq(bookingBreakers.companyId, companyId), eq(bookingBreakers.storeId, storeId)))
    .for('update');
  if (!row) throw new Error('The booking breaker row is missing');
  return row;
}

/** Whether new customer bookings of the store wait for their e-mail confirmation now. */
export function breakerOn(row: BreakerRow, now: Date): boolean {
  return row.untilAt !== null && row.untilAt.getTime() > now.getTime();
}

/**
 * Counts one customer booking of the store (its row held by lockBreaker in this transaction) in
 * its window, a new window once the last is over; the booking that passes the limit trips the
 * breaker until `now + holdMs`. Answers whether this one tripped it (the staff are then told, once per trip).
 */
export async function countCustomerBooking(tx: Tx, row: BreakerRow, now: Date, config: BookingBreakerConfig): Promise<boolean> {
  const freshWindow = row.windowStartedAt.getTime() <= now.getTime() - config.windowMs;
  const bookings = freshWindow ? 1 : row.bookings + 1;
  const trips = !breakerOn(row, now) && bookings > config.bookingsPerWindow;
  await tx
    .update(bookingBreakers)
    .set({
      windowStartedAt: freshWindow ? now : row.windowStartedAt,
      bookings,
      ...(trips ? { trippedAt: now, untilAt: new Date(now.getTime() + config.holdMs) } : {}),
    })
    .where(and(eq(bookingBreakers.companyId, row.companyId), eq(bookingBreakers.storeId, row.storeId)));
  return trips;
}

/** Bookings waiting for their customer's confirmation, still open, for this customer key: they count toward the cap. */
export async function countOpenConfirmations(tx: Tx, companyId: string, emailKey: string, now: Date, except?: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(bookingConfirmations)
    .where(
      and(
        eq(bookingConfirmations.companyId, companyId),
        eq(bookingConfirmations.emailKey, emailKey),
        isNull(bookingConfirmations.confirmedAt),
        gt(bookingConfirmations.expiresAt, now),
        except ? ne(bookingConfirmations.id, except) : undefined,
      ),
    );
  return row?.count ?? 0;
}

export async function insertConfirmation(
  tx: Tx,
  values: { companyId: string; storeId: string; request: PendingBooking; emailKey: string; tokenHash: string; linkOrigin: string; expiresAt: Date },
): Promise<string> {
  const [row] = await tx.insert(bookingConfirmations).values(values).returning({ id: bookingConfirmations.id });
  if (!row) throw new Error('The booking confirmation insert returned no row');
  return row.id;
}

/** The confirmation, held until the transaction ends (a second click waits for the first). */
export async function lockConfirmation(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(bookingConfirmations)
    .where(and(eq(bookingConfirmations.companyId, companyId), eq(bookingConfirmations.id, id)))
    .for('update');
  return row ?? null;
}

export async function markConfirmed(tx: Tx, companyId: string, id: string, reservationId: string, now: Date): Promise<void> {
  await tx
    .update(bookingConfirmations)
    .set({ confirmedAt: now, reservationId })
    .where(and(eq(bookingConfirmations.companyId, companyId), eq(bookingConfirmations.id, id)));
}

export async function findConfirmation(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(bookingConfirmations)
    .where(and(eq(bookingConfirmations.companyId, companyId), eq(bookingConfirmations.id, id)));
  return row ?? null;
}
