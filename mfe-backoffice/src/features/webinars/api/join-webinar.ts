import { webinarJoinSchema, type WebinarJoin } from '@incontra/contracts/api/webinars';
import { apiRequest } from '@incontra/contracts/http';

/** GET /api/webinar/{id}/join: a presenter's credential for the live session (403 not a presenter, 409 outside the window). Changes nothing. */
export function joinWebinar(id: string): Promise<WebinarJoin> {
  return apiRequest(`/api/webinar/${encodeURIComponent(id)}/join`, { schema: webinarJoinSchema });
}
