import { okSchema, type Ok } from '@incontra/contracts/api/common';
import { apiRequest } from '@incontra/contracts/http';
import { IT_STORES } from '@incontra/contracts/messages/it-stores';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useManagementMutation } from '../../../app/management/use-management-mutation';
import { storeKeys } from '../../../api/stores/store-keys';

/** DELETE /api/topic/{id}. */
export function deleteTopic(id: string): Promise<Ok> {
  return apiRequest(`/api/topic/${id}`, { method: 'DELETE', schema: okSchema });
}

export function useDeleteTopic() {
  const { company } = useMfeProps();
  // The confirmation dialog shows a refusal itself.
  return useManagementMutation({ mutationFn: deleteTopic, invalidate: [storeKeys.all(company.id)], success: IT_STORES.topics.deleted, notifyErrors: false });
}
