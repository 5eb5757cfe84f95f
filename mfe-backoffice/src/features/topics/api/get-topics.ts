import { queryOptions, useQuery } from '@tanstack/react-query';
import { managedTopicsSchema, type ManagedTopic } from '@incontra/contracts/api/store-management';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { topicKeys } from './topic-keys';

/** GET /api/store/{id}/topics: each topic with the rooms serving it (none: every room). */
export function getTopics(storeId: string): Promise<ManagedTopic[]> {
  return apiRequest(`/api/store/${storeId}/topics`, { schema: managedTopicsSchema });
}

export function getTopicsQueryOptions(companyId: string, storeId: string) {
  return queryOptions({ queryKey: topicKeys.ofStore(companyId, storeId), queryFn: () => getTopics(storeId) });
}

export function useTopics(storeId: string) {
  const { company } = useMfeProps();
  return useQuery(getTopicsQueryOptions(company.id, storeId));
}
