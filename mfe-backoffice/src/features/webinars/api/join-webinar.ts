import { useMutation } from '@tanstack/react-query';
import { webinarJoinSchema, type WebinarJoin } from '@incontra/contracts/api/webinars';
import { apiRequest } from '@incontra/contracts/http';

/** GET /api/webinar/{id}/join: a presenter's credential for the live session (403 not a presenter, 409 outside the window). Changes nothing. */
export function joinWebinar(id: string): Promise<WebinarJoin> {
  return apiRequest(`/api/webinar/${encodeURIComponent(id)}/join`, { schema: webinarJoinSchema });
}

/** Asked on a click, not on sight: the credential is short-lived, and asking is the presenter's decision. */
export function useJoinWebinar() {
  return useMutation({ mutationFn: joinWebinar });
}
