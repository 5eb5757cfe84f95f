import { webinarSchema, type Webinar, type WebinarUpdate } from '@incontra/contracts/api/webinars';
import { apiRequest } from '@incontra/contracts/http';
import { IT_WEBINAR_BACKOFFICE } from '@incontra/contracts/messages/it-webinar-backoffice';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useManagementMutation } from '../../../app/management/use-management-mutation';
import { webinarKeys } from './webinar-keys';

export interface WebinarEdit {
  id: string;
  /** Only the fields changed: an unchanged start that has passed would be refused. */
  body: Omit<WebinarUpdate, 'status'>;
}

/** POST /api/webinar/{id} with the fields changed (a draft or a published webinar). */
export function updateWebinar({ id, body }: WebinarEdit): Promise<Webinar> {
  return apiRequest(`/api/webinar/${encodeURIComponent(id)}`, { method: 'POST', body, schema: webinarSchema });
}

/** Saves the editor with a toast; the form shows a refusal itself. */
export function useUpdateWebinar() {
  const { company } = useMfeProps();
  return useManagementMutation({
    mutationFn: updateWebinar,
    invalidate: [webinarKeys.all(company.id)],
    success: IT_WEBINAR_BACKOFFICE.form.saved,
    notifyErrors: false,
  });
}
