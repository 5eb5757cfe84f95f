import { webinarSchema, type Webinar, type WebinarBody } from '@incontra/contracts/api/webinars';
import { apiRequest } from '@incontra/contracts/http';
import { IT_WEBINAR_BACKOFFICE } from '@incontra/contracts/messages/it-webinar-backoffice';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useManagementMutation } from '../../../app/management/use-management-mutation';
import { webinarKeys } from './webinar-keys';

/** POST /api/webinar: a new webinar, a draft. */
export function createWebinar(body: WebinarBody): Promise<Webinar> {
  return apiRequest('/api/webinar', { method: 'POST', body, schema: webinarSchema });
}

/** Creates with a toast; the form shows a refusal itself (under its field, or above the fields). */
export function useCreateWebinar() {
  const { company } = useMfeProps();
  return useManagementMutation({
    mutationFn: createWebinar,
    invalidate: [webinarKeys.all(company.id)],
    success: IT_WEBINAR_BACKOFFICE.form.created,
    notifyErrors: false,
  });
}
