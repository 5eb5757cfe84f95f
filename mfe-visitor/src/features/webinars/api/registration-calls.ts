import { webinarJoinSchema, webinarRegistrationSchema, type WebinarJoin, type WebinarRegistration } from '@incontra/contracts/api/webinars';
import { webinarReplaySchema, type WebinarReplay } from '@incontra/contracts/api/webinar-replays';
import { apiRequest } from '@incontra/contracts/http';
import { ROUTES } from '@incontra/contracts/routes';

/** What proves the registrant's right to a registration: its id and the personal link's token. */
export interface RegistrationCredentials {
  id: string;
  token: string;
}

/** The token travels as a Bearer header (never in a logged URL of the API; bearer calls need no CSRF). */
export function bearerOf({ token }: RegistrationCredentials): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

export function registrationApiPath({ id }: RegistrationCredentials, action = ''): string {
  return `/api/webinar-reservation/${encodeURIComponent(id)}${action}`;
}

/** DELETE /api/webinar-reservation/{id}: frees the seat (409 once the webinar is live or over). */
export function cancelRegistration(credentials: RegistrationCredentials): Promise<WebinarRegistration> {
  return apiRequest(registrationApiPath(credentials), { method: 'DELETE', headers: bearerOf(credentials), schema: webinarRegistrationSchema });
}

/** GET /api/webinar-reservation/{id}/join: the viewer's credential for the live session (409 outside the join window). */
export function joinWebinar(credentials: RegistrationCredentials): Promise<WebinarJoin> {
  return apiRequest(registrationApiPath(credentials, '/join'), { headers: bearerOf(credentials), schema: webinarJoinSchema });
}

/** The registrant's page: `/webinar/iscrizione/{id}?token=…`, as the e-mails link it. */
export function registrationPagePath({ id, token }: RegistrationCredentials): string {
  return `${ROUTES.webinarRegistration}/${encodeURIComponent(id)}?${new URLSearchParams({ token }).toString()}`;
}

/** GET /api/webinar-reservation/{id}/replay: the replay's status and, ready, its signed links. */
export function getRegistrationReplay(credentials: RegistrationCredentials, signal?: AbortSignal): Promise<WebinarReplay> {
  return apiRequest(registrationApiPath(credentials, '/replay'), { headers: bearerOf(credentials), schema: webinarReplaySchema, signal });
}
