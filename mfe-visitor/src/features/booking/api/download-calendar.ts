import { fetchCalendarFile } from '@incontra/mfe-kit/files/calendar-file';
import { bearerOf, reservationPath, type ManageCredentials } from './manage-calls';

/** GET /api/reservations/{id}/calendar.ics with the manage token: the appointment as a calendar file. */
export function getCalendarFile(credentials: ManageCredentials): Promise<Blob> {
  return fetchCalendarFile(reservationPath(credentials, '/calendar.ics'), bearerOf(credentials));
}
