import * as z from 'zod/mini';
import {
  createdReservationSchema,
  pendingReservationSchema,
  type CreatedReservation,
  type PendingReservation,
  type ReservationBody,
} from '@incontra/contracts/api/reservations';
import { apiRequest } from '@incontra/contracts/http';

/** 201 booked, or 202 while the store's breaker is on: nothing held until the e-mailed link is opened. */
export type BookingAnswer = CreatedReservation | PendingReservation;

const bookingAnswerSchema = z.union([createdReservationSchema, pendingReservationSchema]);

export function isPendingConfirmation(answer: BookingAnswer): answer is PendingReservation {
  return 'confirmationRequired' in answer;
}

/** POST /api/reservations: a retry with the same `idempotencyKey` answers the reservation the first attempt made. */
export function createReservation(body: ReservationBody, idempotencyKey: string): Promise<BookingAnswer> {
  return apiRequest('/api/reservations', { method: 'POST', body, headers: { 'idempotency-key': idempotencyKey }, schema: bookingAnswerSchema });
}
