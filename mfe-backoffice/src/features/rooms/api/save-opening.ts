import { useQueryClient } from '@tanstack/react-query';
import { roomOpeningSchema, type OpeningExceptionBody, type RoomOpening, type WeeklyOpeningBody } from '@incontra/contracts/api/room-management';
import { apiRequest } from '@incontra/contracts/http';
import { IT_ROOMS } from '@incontra/contracts/messages/it-rooms';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useManagementMutation } from '../../../app/management/use-management-mutation';
import { roomKeys } from './room-keys';

/*
 * The opening's writes all answer the whole opening: it replaces the cached one, so the editor
 * and the exceptions' list show what the server stored without another request.
 */

/** POST /api/room/{id}/opening: the whole week at once. */
export function saveWeeklyOpening({ roomId, body }: { roomId: string; body: WeeklyOpeningBody }): Promise<RoomOpening> {
  return apiRequest(`/api/room/${roomId}/opening`, { method: 'POST', body, schema: roomOpeningSchema });
}

/** POST /api/room/{id}/exceptions: sets (or replaces) a date's exception. */
export function saveException({ roomId, body }: { roomId: string; body: OpeningExceptionBody }): Promise<RoomOpening> {
  return apiRequest(`/api/room/${roomId}/exceptions`, { method: 'POST', body, schema: roomOpeningSchema });
}

/** DELETE /api/room/{id}/exceptions/{date}. */
export function deleteException({ roomId, date }: { roomId: string; date: string }): Promise<RoomOpening> {
  return apiRequest(`/api/room/${roomId}/exceptions/${date}`, { method: 'DELETE', schema: roomOpeningSchema });
}

function useOpeningWrite<Variables extends { roomId: string }>(
  mutationFn: (variables: Variables) => Promise<RoomOpening>,
  success: string,
  notifyErrors = true,
) {
  const { company } = useMfeProps();
  const queryClient = useQueryClient();
  return useManagementMutation({
    mutationFn: async (variables: Variables) => {
      const opening = await mutationFn(variables);
      queryClient.setQueryData(roomKeys.opening(company.id, variables.roomId), opening);
      return opening;
    },
    invalidate: [],
    success,
    notifyErrors,
  });
}

// The forms show a refusal above their «Salva», the confirmation dialog in itself.
export const useSaveWeeklyOpening = () => useOpeningWrite(saveWeeklyOpening, IT_ROOMS.room.weeklySaved, false);
export const useSaveException = () => useOpeningWrite(saveException, IT_ROOMS.room.exceptionSaved, false);
export const useDeleteException = () => useOpeningWrite(deleteException, IT_ROOMS.room.exceptionDeleted, false);
