import { okSchema, type Ok } from '@incontra/contracts/api/common';
import { apiRequest } from '@incontra/contracts/http';
import { queryKeys } from '@incontra/contracts/query-keys';
import { IT_STORES } from '@incontra/contracts/messages/it-stores';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useManagementMutation } from '../../../app/management/use-management-mutation';
import { storeKeys } from '../../../api/stores/store-keys';

/** DELETE /api/store/{id}: refused (409, with the reason) while reservations are still to come. */
export function deleteStore(id: string): Promise<Ok> {
  return apiRequest(`/api/store/${id}`, { method: 'DELETE', schema: okSchema });
}

export function useDeleteStore() {
  const { company } = useMfeProps();
  // The confirmation dialog shows a refusal itself.
  return useManagementMutation({
    mutationFn: deleteStore,
    invalidate: [storeKeys.all(company.id), queryKeys.companyConfig(company.id)],
    success: IT_STORES.stores.deleted,
    notifyErrors: false,
  });
}
