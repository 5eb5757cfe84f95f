import { useQuery } from '@tanstack/react-query';
import { managedStoresSchema, type ManagedStore } from '@incontra/contracts/api/store-management';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { agendaKeys } from './agenda-keys';

/** GET /api/stores: every store for an admin, the stores they serve for an operator (the agenda's choice). */
export function getStores(signal?: AbortSignal): Promise<ManagedStore[]> {
  return apiRequest('/api/stores', { schema: managedStoresSchema, signal });
}

export function useAgendaStores() {
  const { company } = useMfeProps();
  return useQuery({ queryKey: agendaKeys.stores(company.id), queryFn: ({ signal }) => getStores(signal) });
}
