import { queryOptions, useQuery } from '@tanstack/react-query';
import { managedStoresSchema, type ManagedStore } from '@incontra/contracts/api/store-management';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { storeKeys } from './store-keys';

/** GET /api/stores: all of them for an admin, the stores they serve for an operator. */
export function getStores(signal?: AbortSignal): Promise<ManagedStore[]> {
  return apiRequest('/api/stores', { schema: managedStoresSchema, signal });
}

export function getStoresQueryOptions(companyId: string) {
  return queryOptions({ queryKey: storeKeys.list(companyId), queryFn: ({ signal }) => getStores(signal) });
}

/** The stores (the «Punti vendita» screen, the rooms' store choice, the agenda's). */
export function useStores() {
  const { company } = useMfeProps();
  return useQuery(getStoresQueryOptions(company.id));
}
