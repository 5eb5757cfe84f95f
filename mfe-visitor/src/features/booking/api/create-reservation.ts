import { createdReservationSchema, type CreatedReservation, type ReservationBody } from '@incontra/contracts/api/reservations';
import { apiRequest } from '@incontra/contracts/http';

/** POST /api/reservations: a retry with the same `idempotencyKey` answers the reservation the first attempt made. */
export function createReservation(body: ReservationBody, idempotencyKey: string): Promise<CreatedReservation> {
  return apiRequest('/api/reservations', { method: 'POST', body, headers: { 'idempotency-key': idempotencyKey }, schema: createdReservationSchema });
}
