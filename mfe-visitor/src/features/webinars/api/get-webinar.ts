import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicWebinarSchema, type PublicWebinar } from '@incontra/contracts/api/webinars';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { webinarsKey } from './get-store-webinars';

/** GET /api/config/webinar/{id}: a webinar's page (a draft or another company's is a 404; the company from the page's origin). */
export function getWebinar(origin: string, id: string, signal?: AbortSignal): Promise<PublicWebinar> {
  return apiRequest(`/api/config/webinar/${encodeURIComponent(id)}`, { schema: publicWebinarSchema, headers: { 'x-origin': origin }, signal });
}

export const webinarKey = (companyId: string, id: string) => [...webinarsKey(companyId), id] as const;

export function getWebinarQueryOptions(companyId: string, origin: string, id: string) {
  return queryOptions({
    queryKey: webinarKey(companyId, id),
    queryFn: ({ signal }) => getWebinar(origin, id, signal),
    // An unknown webinar stays unknown: the page says so at once.
    retry: false,
  });
}

export function useWebinar(id: string) {
  const { company } = useMfeProps();
  return useQuery(getWebinarQueryOptions(company.id, window.location.origin, id));
}
