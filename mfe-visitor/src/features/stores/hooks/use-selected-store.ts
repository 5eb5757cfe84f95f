import { useSearchParams } from 'react-router-dom';
import type { Store } from '@incontra/contracts/api/stores';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useCompanyConfig } from '../api/get-company-config';

export interface StoreSelection {
  store: Store | null;
  /** The company's other stores when the visitor named none (`/`, no `?store=`): they choose among them. */
  otherStores: Store[];
  isLoading: boolean;
  isError: boolean;
  retry(): void;
}

/**
 * The store the visitor is in: the one named by `?store=` (already loaded by the shell, or found
 * among the company's stores), otherwise the company's first store.
 */
export function useSelectedStore(): StoreSelection {
  const { storeContext } = useMfeProps();
  const [searchParams] = useSearchParams();
  const requestedId = searchParams.get('store');
  const fromShell = storeContext.store && (!requestedId || storeContext.store.id === requestedId) ? storeContext.store : null;
  const config = useCompanyConfig({ enabled: fromShell === null });

  if (fromShell) return { store: fromShell, otherStores: [], isLoading: false, isError: false, retry: () => undefined };
  const stores = config.data?.stores ?? [];
  const store = stores.find((candidate) => candidate.id === requestedId) ?? stores[0] ?? null;
  return {
    store,
    otherStores: requestedId === null ? stores.filter((candidate) => candidate !== store) : [],
    isLoading: config.isPending,
    isError: config.isError,
    retry: () => void config.refetch(),
  };
}
