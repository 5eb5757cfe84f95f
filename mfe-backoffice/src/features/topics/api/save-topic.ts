import { managedTopicSchema, type ManagedTopic, type TopicBody } from '@incontra/contracts/api/store-management';
import { apiRequest } from '@incontra/contracts/http';
import { IT_STORES } from '@incontra/contracts/messages/it-stores';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useManagementMutation } from '../../../app/management/use-management-mutation';
import { storeKeys } from '../../../api/stores/store-keys';

/** A new topic of the store (no topicId), or the changes of one. */
export interface TopicSave {
  storeId: string;
  topicId: string | null;
  body: TopicBody;
}

/** POST /api/store/{id}/topics to create, POST /api/topic/{id} to change: both answer the topic. */
export function saveTopic({ storeId, topicId, body }: TopicSave): Promise<ManagedTopic> {
  const path = topicId ? `/api/topic/${topicId}` : `/api/store/${storeId}/topics`;
  return apiRequest(path, { method: 'POST', body, schema: managedTopicSchema });
}

export function useSaveTopic() {
  const { company } = useMfeProps();
  return useManagementMutation({
    mutationFn: saveTopic,
    invalidate: [storeKeys.all(company.id)],
    success: (_topic, { topicId }) => (topicId ? IT_STORES.topics.saved : IT_STORES.topics.created),
  });
}
