import { queryOptions, useQuery } from '@tanstack/react-query';
import { managedStoresSchema, type ManagedStore } from '@incontra/contracts/api/store-management';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { topicKeys } from './topic-keys';

/** GET /api/stores, the stores whose topics the user may see (the same call and key as «Punti vendita»'s list). */
export function getStoreChoices(): Promise<ManagedStore[]> {
  return apiRequest('/api/stores', { schema: managedStoresSchema });
}

export function useStoreChoices() {
  const { company } = useMfeProps();
  return useQuery(queryOptions({ queryKey: topicKeys.stores(company.id), queryFn: getStoreChoices }));
}
