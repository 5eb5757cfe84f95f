import { fetchCalendarFile } from '@incontra/mfe-kit/files/calendar-file';
import { bearerOf, registrationApiPath, type RegistrationCredentials } from './registration-calls';

/** GET /api/webinar-reservation/{id}/calendar.ics with the registration's token: the webinar as a calendar file. */
export function getCalendarFile(credentials: RegistrationCredentials): Promise<Blob> {
  return fetchCalendarFile(registrationApiPath(credentials, '/calendar.ics'), bearerOf(credentials));
}
