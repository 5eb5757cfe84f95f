import { queryOptions, useQuery } from '@tanstack/react-query';
import { webinarListSchema, type WebinarList, type WebinarsQuery } from '@incontra/contracts/api/webinars';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { webinarKeys } from './webinar-keys';

/** GET /api/webinar: the webinars of the stores served, newest start first, optionally one store's or one status's. */
export function getWebinars(filters: WebinarsQuery, signal?: AbortSignal): Promise<WebinarList> {
  const params = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const search = params.size > 0 ? `?${params}` : '';
  return apiRequest(`/api/webinar${search}`, { schema: webinarListSchema, signal });
}

export function getWebinarsQueryOptions(companyId: string, filters: WebinarsQuery) {
  return queryOptions({ queryKey: webinarKeys.list(companyId, filters), queryFn: ({ signal }) => getWebinars(filters, signal) });
}

export function useWebinars(filters: WebinarsQuery) {
  const { company } = useMfeProps();
  return useQuery(getWebinarsQueryOptions(company.id, filters));
}
