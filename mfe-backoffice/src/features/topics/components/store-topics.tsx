import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import type { ManagedStore, ManagedTopic } from '@incontra/contracts/api/store-management';
import { IT_STORES } from '@incontra/contracts/messages/it-stores';
import { EntityModal } from '../../../app/management/entity-modal';
import { QueryState } from '../../../app/management/query-state';
import { useStoreRooms } from '../../../api/rooms/get-rooms';
import { useTopics } from '../../../api/stores/get-topics';
import { TopicForm } from './topic-form';
import { TopicsTable } from './topics-table';

const TEXT = IT_STORES.topics;

/** One store's topics with the rooms serving them; `manages` (an admin) adds the controls. */
export function StoreTopics({ store, manages }: { store: ManagedStore; manages: boolean }) {
  const topics = useTopics(store.id);
  const rooms = useStoreRooms(store.id);
  // The topic being changed, 'new' while one is being created, null when no form is open.
  const [editing, setEditing] = useState<ManagedTopic | 'new' | null>(null);
  const close = () => setEditing(null);
  const roomList = rooms.data ?? [];

  return (
    <>
      {manages && (
        <Group justify="flex-end" mb="sm">
          <Button onClick={() => setEditing('new')}>{TEXT.create}</Button>
        </Group>
      )}
      <QueryState query={topics}>
        {(rows) => <TopicsTable storeName={store.name} topics={rows} rooms={roomList} onEdit={manages ? setEditing : undefined} />}
      </QueryState>
      <EntityModal opened={editing !== null} onClose={close} title={editing === 'new' || editing === null ? TEXT.createTitle : TEXT.editTitle(editing.name)}>
        {editing !== null && (
          <TopicForm
            key={editing === 'new' ? 'new' : editing.id}
            storeId={store.id}
            topic={editing === 'new' ? null : editing}
            rooms={roomList}
            onDone={close}
          />
        )}
      </EntityModal>
    </>
  );
}
