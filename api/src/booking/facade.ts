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

/** An appointment still to start as a new opening of its room sees it (rooms/closing.ts). */
export type AppointmentAhead = repository.AppointmentAhead;

/** The room's booked appointments still to start, by start: those a new opening may leave out (the caller holds the room's row). */
export function bookedAhead(tx: Tx, companyId: string, roomId: string, now: Date): Promise<AppointmentAhead[]> {
  return repository.bookedAhead(tx, companyId, roomId, now);
}

/** The room's holds still to start, by start, locked until the caller's transaction ends (a closing's write releases those it leaves out). */
export function heldAhead(tx: Tx, companyId: string, roomId: string, now: Date): Promise<AppointmentAhead[]> {
  return repository.lockHeldAhead(tx, companyId, roomId, now);
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
