import { useQuery } from '@tanstack/react-query';
import { getStoreConfigQueryOptions } from '@incontra/mfe-kit/public-config';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';

/** A store's rooms, from the public config (shared with the other remotes' cache). */
export function useStoreRooms(storeId: string) {
  const { company } = useMfeProps();
  return useQuery(getStoreConfigQueryOptions(company.id, window.location.origin, storeId));
}
