import { createHmac } from 'node:crypto';
import type { PublicCompany } from '@incontra/contracts/api/company';
import type { CreatedReservation, CustomerReservation } from '@incontra/contracts/api/reservations';
import { IT_BOOKING } from '@incontra/contracts/messages/it-booking';
import { tokenHash } from '../auth/tokens';
import type { Database } from '../db/database';
import { HttpError } from '../http/http-error';
import * as repository from './repository';

/*
 * A booking submitted with an Idempotency-Key: the key is kept only as a hash with the request's
 * own hash (views.ts requestHashOf); a retry of the same request is answered the reservation it
 * made and the same manage token, a different request under the same key 422.
 */

/** The stored hash of an Idempotency-Key. */
export function idempotencyKeyHash(key: string): string {
  return tokenHash(`incontra-idempotency\n${key}`);
}

/**
 * The manage token of a reservation booked with an Idempotency-Key (or confirmed with a link's
 * token): derived from the key, so that a retry of the same submit is answered the same token
 * while only its hash is stored.
 */
export function tokenFromKey(key: string, reservationId: string): string {
  return createHmac('sha256', key).update(`incontra-manage-token\n${reservationId}`).digest('base64url');
}

/** What a replay answers with: the customer's view of a reservation. */
export type ViewReservation = (company: PublicCompany, id: string) => Promise<CustomerReservation>;

/** The reservation an earlier submit with this key made, answered again; null when there is none; 422 when the request differs. */
export async function replay(
  db: Database,
  view: ViewReservation,
  company: PublicCompany,
  keyHash: string,
  requestHash: string,
  key: string,
): Promise<CreatedReservation | null> {
  const existing = await db.withTenant(company.id, (tx) => repository.findByIdempotencyKey(tx, company.id, keyHash));
  if (!existing) return null;
  if (existing.requestHash !== requestHash) throw new HttpError(422, IT_BOOKING.errors.idempotencyMismatch);
  // A held reservation's card form data is added by the caller (the same payment again: payments.ts).
  return { reservation: await view(company, existing.id), manageToken: tokenFromKey(key, existing.id), checkout: null };
}
