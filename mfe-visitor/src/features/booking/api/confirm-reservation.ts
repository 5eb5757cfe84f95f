import { createdReservationSchema, type ConfirmReservationBody, type CreatedReservation } from '@incontra/contracts/api/reservations';
import { apiRequest } from '@incontra/contracts/http';

/**
 * POST /api/reservations/confirm: books what the e-mailed link stands for. A second call answers
 * the same reservation (a reload is harmless); 404 wrong link, 409 expired or the time taken meanwhile.
 */
export function confirmReservation(body: ConfirmReservationBody): Promise<CreatedReservation> {
  return apiRequest('/api/reservations/confirm', { method: 'POST', body, schema: createdReservationSchema });
}
