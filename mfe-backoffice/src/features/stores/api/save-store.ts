import { managedStoreSchema, type ManagedStore, type StoreBody } from '@incontra/contracts/api/store-management';
import { apiRequest } from '@incontra/contracts/http';
import { queryKeys } from '@incontra/contracts/query-keys';
import { IT_STORES } from '@incontra/contracts/messages/it-stores';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useManagementMutation } from '../../../app/management/use-management-mutation';
import { storeKeys } from '../../../api/stores/store-keys';

/** What the form saves: a new store (no id) or the changes of one. */
export interface StoreSave {
  id: string | null;
  body: StoreBody;
}

/** POST /api/store to create, POST /api/store/{id} to change: both answer the store. */
export function saveStore({ id, body }: StoreSave): Promise<ManagedStore> {
  return apiRequest(id ? `/api/store/${id}` : '/api/store', { method: 'POST', body, schema: managedStoreSchema });
}

export function useSaveStore() {
  const { company } = useMfeProps();
  return useManagementMutation({
    mutationFn: saveStore,
    invalidate: [storeKeys.all(company.id), queryKeys.companyConfig(company.id)],
    success: (_store, { id }) => (id ? IT_STORES.stores.saved : IT_STORES.stores.created),
  });
}
