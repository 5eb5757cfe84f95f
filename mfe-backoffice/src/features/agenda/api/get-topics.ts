import { useQuery } from '@tanstack/react-query';
import { managedTopicsSchema, type ManagedTopic } from '@incontra/contracts/api/store-management';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { agendaKeys } from './agenda-keys';

/** GET /api/store/{id}/topics: what a store's appointments are about. */
export function getTopics(storeId: string, signal?: AbortSignal): Promise<ManagedTopic[]> {
  return apiRequest(`/api/store/${encodeURIComponent(storeId)}/topics`, { schema: managedTopicsSchema, signal });
}

/** A store's topics; asks nothing until a store is chosen. */
export function useStoreTopics(storeId: string | null) {
  const { company } = useMfeProps();
  return useQuery({
    queryKey: agendaKeys.topics(company.id, storeId ?? ''),
    queryFn: ({ signal }) => getTopics(storeId!, signal),
    enabled: storeId !== null,
  });
}
