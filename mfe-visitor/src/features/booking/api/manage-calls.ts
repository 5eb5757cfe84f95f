import { customerReservationSchema, type CustomerReservation } from '@incontra/contracts/api/reservations';
import { apiRequest } from '@incontra/contracts/http';
import { ROUTES } from '@incontra/contracts/routes';

/** What proves the customer's right to a reservation: its id and the manage link's token. */
export interface ManageCredentials {
  id: string;
  token: string;
}

/** The manage token travels as a Bearer header (never in a logged URL of the API; bearer calls need no CSRF). */
export function bearerOf({ token }: ManageCredentials): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

export function reservationPath({ id }: ManageCredentials, action = ''): string {
  return `/api/reservations/${encodeURIComponent(id)}${action}`;
}

/** POST /api/reservations/{id}/cancel: until the cut-off (409 with the reason after it). */
export function cancelReservation(credentials: ManageCredentials): Promise<CustomerReservation> {
  return apiRequest(reservationPath(credentials, '/cancel'), { method: 'POST', headers: bearerOf(credentials), schema: customerReservationSchema });
}

/** POST /api/reservations/{id}/move: to another free start of the same topic (409 when it is not free). */
export function moveReservation(credentials: ManageCredentials, startsAt: string): Promise<CustomerReservation> {
  return apiRequest(reservationPath(credentials, '/move'), {
    method: 'POST',
    headers: bearerOf(credentials),
    body: { startsAt },
    schema: customerReservationSchema,
  });
}

/** The customer's manage page of a reservation: `/prenotazione/{id}?token=…`, as the e-mails link it. */
export function managePath({ id, token }: ManageCredentials): string {
  return `${ROUTES.manageBooking}/${encodeURIComponent(id)}?${new URLSearchParams({ token }).toString()}`;
}
