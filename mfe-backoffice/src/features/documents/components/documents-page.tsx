import { Alert, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Store } from '@incontra/contracts/api/stores';
import { IT_DOCUMENTS_ADMIN } from '@incontra/contracts/messages/it-documents';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { PageHeader } from '../../../app/management/page-header';
import { QueryState } from '../../../app/management/query-state';
import { useCompanyStores, useStoreRooms } from '../api/get-stores-and-rooms';
import { RoomDocuments } from './room-documents';

/** Documenti: pick a store and one of its rooms, then manage that room's documents. */
export function DocumentsPage() {
  const stores = useCompanyStores();
  return (
    <Stack gap="lg">
      <PageHeader title={IT_MANAGEMENT.nav.documents} description={IT_DOCUMENTS_ADMIN.description} />
      <QueryState query={stores}>
        {(config) => (config.stores.length === 0 ? <Alert color="gray">{IT_DOCUMENTS_ADMIN.noStores}</Alert> : <StoreAndRoom stores={config.stores} />)}
      </QueryState>
    </Stack>
  );
}

/** A single store is chosen for you; so is a store's single room. */
function StoreAndRoom({ stores }: { stores: Store[] }) {
  const [chosenStore, setStoreId] = useState<string | null>(null);
  const storeId = chosenStore ?? (stores.length === 1 ? stores[0]!.id : null);
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} maw={720}>
        <NativeSelect
          label={IT_DOCUMENTS_ADMIN.store}
          value={storeId ?? ''}
          onChange={(event) => setStoreId(event.currentTarget.value || null)}
          data={[{ value: '', label: IT_DOCUMENTS_ADMIN.chooseStore, disabled: true }, ...stores.map((store) => ({ value: store.id, label: store.name }))]}
        />
        {storeId && <RoomPicker key={storeId} storeId={storeId} />}
      </SimpleGrid>
      {!storeId && <Text c="dimmed">{IT_DOCUMENTS_ADMIN.pickRoomFirst}</Text>}
    </Stack>
  );
}

function RoomPicker({ storeId }: { storeId: string }) {
  const store = useStoreRooms(storeId);
  const [chosenRoom, setRoomId] = useState<string | null>(null);
  return (
    <QueryState query={store}>
      {({ rooms }) => {
        if (rooms.length === 0) return <Alert color="gray">{IT_DOCUMENTS_ADMIN.noRooms}</Alert>;
        const room = rooms.find((candidate) => candidate.id === chosenRoom) ?? (rooms.length === 1 ? rooms[0] : undefined);
        return (
          <>
            <NativeSelect
              label={IT_DOCUMENTS_ADMIN.room}
              value={room?.id ?? ''}
              onChange={(event) => setRoomId(event.currentTarget.value || null)}
              data={[
                { value: '', label: IT_DOCUMENTS_ADMIN.chooseRoom, disabled: true },
                ...rooms.map((candidate) => ({ value: candidate.id, label: candidate.name })),
              ]}
            />
            <div style={{ gridColumn: '1 / -1' }}>
              {room ? <RoomDocuments key={room.id} roomId={room.id} roomName={room.name} /> : <Text c="dimmed">{IT_DOCUMENTS_ADMIN.pickRoomFirst}</Text>}
            </div>
          </>
        );
      }}
    </QueryState>
  );
}
