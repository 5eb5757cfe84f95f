import { queryOptions, useQuery } from '@tanstack/react-query';
import { webinarRegistrationListSchema, type WebinarRegistrationList } from '@incontra/contracts/api/webinars';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { webinarKeys } from './webinar-keys';

/** GET /api/webinar/{id}/reservation: the registrations, oldest first, cancelled ones marked. */
export function getWebinarRegistrations(id: string, signal?: AbortSignal): Promise<WebinarRegistrationList> {
  return apiRequest(`/api/webinar/${encodeURIComponent(id)}/reservation`, { schema: webinarRegistrationListSchema, signal });
}

export function getWebinarRegistrationsQueryOptions(companyId: string, id: string) {
  return queryOptions({ queryKey: webinarKeys.registrations(companyId, id), queryFn: ({ signal }) => getWebinarRegistrations(id, signal) });
}

export function useWebinarRegistrations(id: string) {
  const { company } = useMfeProps();
  return useQuery(getWebinarRegistrationsQueryOptions(company.id, id));
}
