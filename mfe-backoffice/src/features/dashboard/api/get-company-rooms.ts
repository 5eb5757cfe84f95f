import { useQueries, useQuery } from '@tanstack/react-query';
import type { Room } from '@incontra/contracts/api/stores';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { getCompanyConfigQueryOptions, getStoreConfigQueryOptions } from '@incontra/mfe-kit/public-config';

/*
 * The company's rooms through the public config calls (the same the visitor remote makes): the
 * company with its stores, then each store with its rooms. Same keys, so the cache is shared.
 */
export interface StoreRooms {
  storeId: string;
  storeName: string;
  rooms: Room[];
}

export interface CompanyRooms {
  stores: StoreRooms[];
  isPending: boolean;
  isError: boolean;
  retry(): void;
}

/** Every store of the company with its rooms, in the API's order. */
export function useCompanyRooms(): CompanyRooms {
  const { company } = useMfeProps();
  const origin = window.location.origin;
  const config = useQuery(getCompanyConfigQueryOptions(company.id, origin));
  const stores = config.data?.stores ?? [];
  const storeQueries = useQueries({ queries: stores.map((store) => getStoreConfigQueryOptions(company.id, origin, store.id)) });
  return {
    stores: storeQueries.flatMap((query) => (query.data ? [{ storeId: query.data.id, storeName: query.data.name, rooms: query.data.rooms }] : [])),
    isPending: config.isPending || storeQueries.some((query) => query.isPending),
    isError: config.isError || storeQueries.some((query) => query.isError),
    retry: () => {
      void config.refetch();
      storeQueries.forEach((query) => query.isError && void query.refetch());
    },
  };
}
