import { roomSlotsSchema, type RoomSlots } from '@incontra/contracts/api/room-management';
import { apiRequest } from '@incontra/contracts/http';
import { IT_ROOMS } from '@incontra/contracts/messages/it-rooms';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useManagementMutation } from '../../../app/management/use-management-mutation';
import { roomKeys } from '../../../api/rooms/room-keys';

/** POST /api/room/{id}/slots. */
export function saveSlots({ roomId, slots }: { roomId: string; slots: RoomSlots }): Promise<RoomSlots> {
  return apiRequest(`/api/room/${roomId}/slots`, { method: 'POST', body: slots, schema: roomSlotsSchema });
}

export function useSaveSlots() {
  const { company } = useMfeProps();
  return useManagementMutation({ mutationFn: saveSlots, invalidate: [roomKeys.all(company.id)], success: IT_ROOMS.room.slotsSaved });
}
