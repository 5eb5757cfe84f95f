import type { ReservationBody } from '@incontra/contracts/api/reservations';

/** One submit attempt sequence: the key sent, and the body it was sent with. */
export interface BookingAttempt {
  key: string;
  body: string;
}

/** A fresh `Idempotency-Key` (32 characters of [0-9a-f], within the contract's IDEMPOTENCY_KEY). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

/**
 * The attempt a submit belongs to: the previous one again when the body is the same (a retry after
 * a lost answer gets the reservation it made, not a second one), a new key when anything changed.
 */
export function attemptFor(previous: BookingAttempt | null, body: ReservationBody, newKey: () => string = newIdempotencyKey): BookingAttempt {
  const serialised = JSON.stringify(body);
  return previous?.body === serialised ? previous : { key: newKey(), body: serialised };
}
