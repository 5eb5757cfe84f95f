import { queryOptions, useQuery } from '@tanstack/react-query';
import { webinarSchema, type Webinar } from '@incontra/contracts/api/webinars';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { webinarKeys } from './webinar-keys';

/** GET /api/webinar/{id}: the webinar with its registered count, presenters and public page. */
export function getWebinar(id: string, signal?: AbortSignal): Promise<Webinar> {
  return apiRequest(`/api/webinar/${encodeURIComponent(id)}`, { schema: webinarSchema, signal });
}

export function getWebinarQueryOptions(companyId: string, id: string) {
  return queryOptions({ queryKey: webinarKeys.detail(companyId, id), queryFn: ({ signal }) => getWebinar(id, signal) });
}

export function useWebinar(id: string) {
  const { company } = useMfeProps();
  return useQuery(getWebinarQueryOptions(company.id, id));
}
