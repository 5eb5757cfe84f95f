import { Alert, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { Store } from '@incontra/contracts/api/stores';
import { IT_DOCUMENTS_ADMIN } from '@incontra/contracts/messages/it-documents';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { PageHeader } from '../../../app/management/page-header';
import { QueryState } from '../../../app/management/query-state';
import { useCompanyConfig, useStoreConfig } from '../../../api/config/get-config';
import { RoomDocuments } from './room-documents';

/** Documenti: pick a store and one of its rooms, then manage that room's documents. */
export function DocumentsPage() {
  const stores = useCompanyConfig();
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
  const storeSelect = (
    <NativeSelect
      label={IT_DOCUMENTS_ADMIN.store}
      value={storeId ?? ''}
      onChange={(event) => setStoreId(event.currentTarget.value || null)}
      data={[{ value: '', label: IT_DOCUMENTS_ADMIN.chooseStore, disabled: true }, ...stores.map((store) => ({ value: store.id, label: store.name }))]}
    />
  );
  if (!storeId) {
    return (
      <Stack gap="lg">
        <Pickers>{storeSelect}</Pickers>
        <Text c="dimmed">{IT_DOCUMENTS_ADMIN.pickRoomFirst}</Text>
      </Stack>
    );
  }
  return <StoreRooms key={storeId} storeId={storeId} storeSelect={storeSelect} />;
}

function StoreRooms({ storeId, storeSelect }: { storeId: string; storeSelect: ReactNode }) {
  const store = useStoreConfig(storeId);
  const [chosenRoom, setRoomId] = useState<string | null>(null);
  const rooms = store.data?.rooms ?? [];
  const room = rooms.find((candidate) => candidate.id === chosenRoom) ?? (rooms.length === 1 ? rooms[0] : undefined);
  return (
    <Stack gap="lg">
      <Pickers>
        {storeSelect}
        {rooms.length > 0 && (
          <NativeSelect
            label={IT_DOCUMENTS_ADMIN.room}
            value={room?.id ?? ''}
            onChange={(event) => setRoomId(event.currentTarget.value || null)}
            data={[
              { value: '', label: IT_DOCUMENTS_ADMIN.chooseRoom, disabled: true },
              ...rooms.map((candidate) => ({ value: candidate.id, label: candidate.name })),
            ]}
          />
        )}
      </Pickers>
      <QueryState query={store}>
        {() => {
          if (rooms.length === 0) return <Alert color="gray">{IT_DOCUMENTS_ADMIN.noRooms}</Alert>;
          return room ? <RoomDocuments key={room.id} roomId={room.id} roomName={room.name} /> : <Text c="dimmed">{IT_DOCUMENTS_ADMIN.pickRoomFirst}</Text>;
        }}
      </QueryState>
    </Stack>
  );
}

/** The two choices side by side from the small breakpoint up, one under the other below it. */
function Pickers({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} maw={720}>
      {children}
    </SimpleGrid>
  );
}
