import { useQuery } from '@tanstack/react-query';
import { managedStoresSchema, type ManagedStore } from '@incontra/contracts/api/store-management';
import { apiRequest } from '@incontra/contracts/http';
import { getStoreConfigQueryOptions } from '@incontra/mfe-kit/public-config';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { translationKeys } from './translation-keys';

/** GET /api/stores: every store for an admin, only the stores they serve for an operator (whose rooms they may translate). */
export function getServedStores(signal?: AbortSignal): Promise<ManagedStore[]> {
  return apiRequest('/api/stores', { schema: managedStoresSchema, signal });
}

export function useServedStores() {
  const { company } = useMfeProps();
  return useQuery({ queryKey: translationKeys.stores(company.id), queryFn: ({ signal }) => getServedStores(signal) });
}

/** A store's rooms, from the public config (shared with the other remotes' cache). */
export function useStoreRooms(storeId: string) {
  const { company } = useMfeProps();
  return useQuery(getStoreConfigQueryOptions(company.id, window.location.origin, storeId));
}
