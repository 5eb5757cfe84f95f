import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicWebinarSchema, webinarSchema, type PublicWebinar, type Webinar } from '@incontra/contracts/api/webinars';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';

/** GET /api/config/webinar/{id}: the webinar as its public page shows it (title, times, status); the company from the page's origin. */
export function getPublicWebinar(origin: string, id: string, signal?: AbortSignal): Promise<PublicWebinar> {
  return apiRequest(`/api/config/webinar/${encodeURIComponent(id)}`, { schema: publicWebinarSchema, headers: { 'x-origin': origin }, signal });
}

/** The same resource's key as the visitor remote's (`['company', id, 'webinars', webinarId]`). */
export const publicWebinarKey = (companyId: string, id: string) => ['company', companyId, 'webinars', id] as const;

export function usePublicWebinar(id: string) {
  const { company } = useMfeProps();
  return useQuery(
    queryOptions({
      queryKey: publicWebinarKey(company.id, id),
      queryFn: ({ signal }) => getPublicWebinar(window.location.origin, id, signal),
      retry: false,
    }),
  );
}

/** POST /api/webinar/{id} `{status}`: a presenter starts (published → live) or ends (live → ended) the webinar for everyone. */
export function moveLiveWebinar(id: string, status: 'live' | 'ended'): Promise<Webinar> {
  return apiRequest(`/api/webinar/${encodeURIComponent(id)}`, { method: 'POST', body: { status }, schema: webinarSchema });
}
