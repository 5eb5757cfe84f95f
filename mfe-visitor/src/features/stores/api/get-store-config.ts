import { useQuery } from '@tanstack/react-query';
import type { Room } from '@incontra/contracts/api/stores';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { getStoreConfigQueryOptions } from '@incontra/mfe-kit/public-config';

export interface StoreRooms {
  rooms: Room[];
  isLoading: boolean;
  isError: boolean;
  retry(): void;
}

/** The rooms of `storeId`: those the shell already loaded for `?store=`, otherwise asked for. */
export function useStoreRooms(storeId: string | null): StoreRooms {
  const { company, storeContext } = useMfeProps();
  const fromShell = storeContext.store && storeContext.store.id === storeId ? storeContext.store : null;
  const query = useQuery({ ...getStoreConfigQueryOptions(company.id, window.location.origin, storeId ?? ''), enabled: storeId !== null && fromShell === null });
  if (fromShell) return { rooms: fromShell.rooms, isLoading: false, isError: false, retry: () => undefined };
  return {
    rooms: query.data?.rooms ?? [],
    isLoading: storeId !== null && query.isPending,
    isError: query.isError,
    retry: () => void query.refetch(),
  };
}
