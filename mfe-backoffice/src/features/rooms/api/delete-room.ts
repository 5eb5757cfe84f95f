import { okSchema, type Ok } from '@incontra/contracts/api/common';
import { apiRequest } from '@incontra/contracts/http';
import { IT_ROOMS } from '@incontra/contracts/messages/it-rooms';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useManagementMutation } from '../../../app/management/use-management-mutation';
import { roomKeys } from '../../../api/rooms/room-keys';
import { storeKeys } from '../../../api/stores/store-keys';

/** DELETE /api/room/{id}: refused (409, with the reason) while reservations are still to come. */
export function deleteRoom(id: string): Promise<Ok> {
  return apiRequest(`/api/room/${id}`, { method: 'DELETE', schema: okSchema });
}

export function useDeleteRoom() {
  const { company } = useMfeProps();
  // The confirmation dialog shows a refusal itself.
  return useManagementMutation({
    mutationFn: deleteRoom,
    // Every read of rooms (the table, the agenda's columns, the topics' choice), and the stores, which count them.
    invalidate: [roomKeys.all(company.id), storeKeys.all(company.id)],
    success: IT_ROOMS.list.deleted,
    affectsPlanUsage: true,
    notifyErrors: false,
  });
}
