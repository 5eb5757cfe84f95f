import { Group, NativeSelect, SegmentedControl } from '@mantine/core';
import type { ManagedRoom } from '@incontra/contracts/api/room-management';
import type { ManagedStore } from '@incontra/contracts/api/store-management';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { ALL_STORES, type AgendaView } from '../hooks/use-agenda-params';

const TEXT = IT_AGENDA.filters;
const VIEWS: { value: AgendaView; label: string }[] = [
  { value: 'day', label: IT_AGENDA.views.day },
  { value: 'week', label: IT_AGENDA.views.week },
  { value: 'list', label: IT_AGENDA.views.list },
];

interface AgendaToolbarProps {
  stores: ManagedStore[];
  /** The store shown; null: every store (the list view only). */
  storeId: string | null;
  /** Whether «Tutti i punti vendita» is offered (the list view of a company with several). */
  allowAllStores: boolean;
  onStore: (store: string) => void;
  rooms: ManagedRoom[];
  roomId: string | null;
  onRoom: (room: string | null) => void;
  view: AgendaView;
  onView: (view: AgendaView) => void;
}

/** Which store (only when there are several to choose from), which room, and how to look at them. */
export function AgendaToolbar({ stores, storeId, allowAllStores, onStore, rooms, roomId, onRoom, view, onView }: AgendaToolbarProps) {
  const storeOptions = stores.map((store) => ({ value: store.id, label: store.name }));
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      {stores.length > 1 && (
        <NativeSelect
          label={TEXT.store}
          value={storeId ?? ALL_STORES}
          onChange={(event) => onStore(event.currentTarget.value)}
          data={allowAllStores ? [{ value: ALL_STORES, label: TEXT.allStores }, ...storeOptions] : storeOptions}
          style={{ flex: '1 1 12rem', maxWidth: '20rem' }}
        />
      )}
      {storeId !== null && (
        <NativeSelect
          label={TEXT.room}
          value={roomId ?? ''}
          onChange={(event) => onRoom(event.currentTarget.value || null)}
          data={[{ value: '', label: TEXT.allRooms }, ...rooms.map((room) => ({ value: room.id, label: room.name }))]}
          style={{ flex: '1 1 12rem', maxWidth: '20rem' }}
        />
      )}
      <SegmentedControl aria-label={IT_AGENDA.views.label} value={view} onChange={(value) => onView(value as AgendaView)} data={VIEWS} />
    </Group>
  );
}
