import type { Tx } from '../db/database';
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
