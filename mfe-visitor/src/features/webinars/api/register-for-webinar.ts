import { createdWebinarRegistrationSchema, type CreatedWebinarRegistration, type WebinarRegistrationBody } from '@incontra/contracts/api/webinars';
import { apiRequest } from '@incontra/contracts/http';

/** POST /api/webinar/{id}/reservation: 201 with the registration and its personal token (400 naming a field; 409 closed, full, alreadyRegistered). */
export function registerForWebinar(webinarId: string, body: WebinarRegistrationBody): Promise<CreatedWebinarRegistration> {
  return apiRequest(`/api/webinar/${encodeURIComponent(webinarId)}/reservation`, { method: 'POST', body, schema: createdWebinarRegistrationSchema });
}
