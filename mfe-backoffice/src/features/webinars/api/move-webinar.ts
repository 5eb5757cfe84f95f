import { webinarSchema, type Webinar, type WebinarStatus } from '@incontra/contracts/api/webinars';
import { apiRequest } from '@incontra/contracts/http';
import { IT_WEBINAR_BACKOFFICE } from '@incontra/contracts/messages/it-webinar-backoffice';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useManagementMutation } from '../../../app/management/use-management-mutation';
import { webinarKeys } from './webinar-keys';

const A = IT_WEBINAR_BACKOFFICE.actions;

/** The moves staff ask for, and the toast each one ends with. */
export type WebinarMove = Exclude<WebinarStatus, 'draft'>;
const DONE: Record<WebinarMove, string> = { published: A.published, live: A.started, ended: A.ended, cancelled: A.cancelled };

export interface WebinarMoveRequest {
  id: string;
  status: WebinarMove;
}

/** POST /api/webinar/{id} `{status}`: publish, start, end or cancel (WEBINAR_TRANSITIONS; 409 otherwise). */
export function moveWebinar({ id, status }: WebinarMoveRequest): Promise<Webinar> {
  return apiRequest(`/api/webinar/${encodeURIComponent(id)}`, { method: 'POST', body: { status }, schema: webinarSchema });
}

/** A move with its toast; the page shows a refusal itself (beside the buttons, or in the confirmation). */
export function useMoveWebinar() {
  const { company } = useMfeProps();
  return useManagementMutation({
    mutationFn: moveWebinar,
    invalidate: [webinarKeys.all(company.id)],
    success: (_webinar, { status }) => DONE[status],
    notifyErrors: false,
  });
}
