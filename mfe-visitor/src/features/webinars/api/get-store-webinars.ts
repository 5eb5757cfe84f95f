import { queryOptions, useQuery } from '@tanstack/react-query';
import { storeWebinarsSchema, type StoreWebinars } from '@incontra/contracts/api/webinars';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';

/** GET /api/store/{id}/webinar: the store's published or live webinars not yet over, soonest first. */
export function getStoreWebinars(storeId: string, signal?: AbortSignal): Promise<StoreWebinars> {
  return apiRequest(`/api/store/${encodeURIComponent(storeId)}/webinar`, { schema: storeWebinarsSchema, signal });
}

/** Every webinar read of the company sits under this key: a registration or a cancellation marks them all stale. */
export const webinarsKey = (companyId: string) => ['company', companyId, 'webinars'] as const;

export function getStoreWebinarsQueryOptions(companyId: string, storeId: string) {
  return queryOptions({
    queryKey: [...webinarsKey(companyId), 'store', storeId] as const,
    queryFn: ({ signal }) => getStoreWebinars(storeId, signal),
    // A section the welcome page can do without: a failure shows nothing, and is not asked again at once.
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: 60_000,
  });
}

export function useStoreWebinars(storeId: string) {
  const { company } = useMfeProps();
  return useQuery(getStoreWebinarsQueryOptions(company.id, storeId));
}
