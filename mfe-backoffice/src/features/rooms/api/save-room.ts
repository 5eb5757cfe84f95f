import { managedRoomSchema, type ManagedRoom, type RoomBody, type RoomUpdateBody } from '@incontra/contracts/api/room-management';
import { apiRequest } from '@incontra/contracts/http';
import { IT_ROOMS } from '@incontra/contracts/messages/it-rooms';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useManagementMutation } from '../../../app/management/use-management-mutation';
import { roomKeys } from '../../../api/rooms/room-keys';
import { storeKeys } from '../../../api/stores/store-keys';

/** What the form saves: a new room (no id) or the changes of one (its store stays). */
export type RoomSave = { id: null; body: RoomBody } | { id: string; body: RoomUpdateBody };

/** POST /api/room to create, POST /api/room/{id} to change: both answer the room. */
export function saveRoom({ id, body }: RoomSave): Promise<ManagedRoom> {
  return apiRequest(id ? `/api/room/${id}` : '/api/room', { method: 'POST', body, schema: managedRoomSchema });
}

export function useSaveRoom() {
  const { company } = useMfeProps();
  return useManagementMutation({
    mutationFn: saveRoom,
    // Every read of rooms (the table, the agenda's columns, the topics' choice), and the stores, which count them.
    invalidate: [roomKeys.all(company.id), storeKeys.all(company.id)],
    success: (_room, { id }) => (id ? IT_ROOMS.list.saved : IT_ROOMS.list.created),
    affectsPlanUsage: true,
  });
}
