import type { Tx } from '../db/database';
import * as paid from './payment-repository';
import * as repository from './repository';

/*
 * What other domains may read of booking, inside their own transaction: a domain calls another's
 * facade, never its repository (eslint.config.mjs).
 */

/**
 * Appointments of a store or a room still booked and to start: what keeps it from being deleted
 * (one cancelled, or already joined early, holds nothing).
 */
export function countUpcomingBooked(tx: Tx, companyId: string, place: { storeId: string } | { roomId: string }, now: Date): Promise<number> {
  return repository.countUpcomingBooked(tx, companyId, place, now);
}

/** A held appointment as a closing sees it (the rooms' booked appointments' shape). */
export type HeldAppointment = Awaited<ReturnType<typeof paid.lockHeldAhead>>[number];

/** The room's holds still to start, locked until the caller's transaction ends (a closing's write decides on them). */
export function heldAhead(tx: Tx, companyId: string, roomId: string, now: Date): Promise<HeldAppointment[]> {
  return paid.lockHeldAhead(tx, companyId, roomId, now);
}

/**
 * Releases these holds in the caller's transaction (a closing over their time): 'expired', their
 * places free, nothing sent; their payments stay 'pending' for the paid appointments' sweep to
 * cancel at the provider (payments.ts), and one paid meanwhile is refunded there, its start no
 * longer open. Answers how many were released.
 */
export function releaseHolds(tx: Tx, companyId: string, ids: string[]): Promise<number> {
  return paid.expire(tx, companyId, ids);
}
