import { useQuery } from '@tanstack/react-query';
import type { Room, StoreConfig } from '@incontra/contracts/api/stores';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { getStoreConfigQueryOptions } from '@incontra/mfe-kit/public-config';

export interface StoreConfigState {
  store: StoreConfig | null;
  isLoading: boolean;
  isError: boolean;
  retry(): void;
}

/** The config of `storeId` (its rooms and topics): the one the shell already loaded for `?store=`, otherwise asked for. */
export function useStoreConfig(storeId: string | null): StoreConfigState {
  const { company, storeContext } = useMfeProps();
  const fromShell = storeContext.store && storeContext.store.id === storeId ? storeContext.store : null;
  const query = useQuery({ ...getStoreConfigQueryOptions(company.id, window.location.origin, storeId ?? ''), enabled: storeId !== null && fromShell === null });
  if (fromShell) return { store: fromShell, isLoading: false, isError: false, retry: () => undefined };
  return {
    store: query.data ?? null,
    isLoading: storeId !== null && query.isPending,
    isError: query.isError,
    retry: () => void query.refetch(),
  };
}

export interface StoreRooms {
  rooms: Room[];
  isLoading: boolean;
  isError: boolean;
  retry(): void;
}

/** The rooms of `storeId`. */
export function useStoreRooms(storeId: string | null): StoreRooms {
  const { store, ...state } = useStoreConfig(storeId);
  return { rooms: store?.rooms ?? [], ...state };
}
