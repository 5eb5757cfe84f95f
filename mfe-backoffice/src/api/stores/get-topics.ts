import { queryOptions, useQuery } from '@tanstack/react-query';
import { managedTopicsSchema, type ManagedTopic } from '@incontra/contracts/api/store-management';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { storeKeys } from './store-keys';

/** GET /api/store/{id}/topics: each topic with the rooms serving it (none: every room). */
export function getTopics(storeId: string, signal?: AbortSignal): Promise<ManagedTopic[]> {
  return apiRequest(`/api/store/${encodeURIComponent(storeId)}/topics`, { schema: managedTopicsSchema, signal });
}

export function getTopicsQueryOptions(companyId: string, storeId: string) {
  return queryOptions({ queryKey: storeKeys.topics(companyId, storeId), queryFn: ({ signal }) => getTopics(storeId, signal) });
}

/** A store's topics; asks nothing while no store is chosen (null). */
export function useTopics(storeId: string | null) {
  const { company } = useMfeProps();
  return useQuery({ ...getTopicsQueryOptions(company.id, storeId ?? ''), enabled: storeId !== null });
}
