import { useQueryClient } from '@tanstack/react-query';
import {
  roomOpeningSchema,
  type ClosingDecision,
  type OpeningExceptionBody,
  type RoomOpening,
  type WeeklyOpeningBody,
} from '@incontra/contracts/api/room-management';
import { apiRequest } from '@incontra/contracts/http';
import { IT_ROOMS } from '@incontra/contracts/messages/it-rooms';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useManagementMutation } from '../../../app/management/use-management-mutation';
import { roomKeys } from '../../../api/rooms/room-keys';

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

/** DELETE /api/room/{id}/exceptions/{date}, with the decision about the appointments it leaves out in the query. */
export function deleteException({ roomId, date, decision = {} }: { roomId: string; date: string; decision?: ClosingDecision }): Promise<RoomOpening> {
  const query = new URLSearchParams();
  if (decision.affected) query.set('affected', decision.affected);
  if (decision.affectedIds) query.set('affectedIds', decision.affectedIds.join(','));
  if (decision.message) query.set('message', decision.message);
  const search = query.toString() ? `?${query.toString()}` : '';
  return apiRequest(`/api/room/${roomId}/exceptions/${date}${search}`, { method: 'DELETE', schema: roomOpeningSchema });
}

/** The toast of a write: what it saved, and what became of the appointments it left out. */
const savedText = (saved: string, decision: ClosingDecision | undefined) => {
  const count = decision?.affectedIds?.length ?? 0;
  if (decision?.affected === 'cancel') return IT_ROOMS.closing.cancelled(count);
  if (decision?.affected === 'keep') return IT_ROOMS.closing.kept(count);
  return saved;
};

function useOpeningWrite<Variables extends { roomId: string }>(
  mutationFn: (variables: Variables) => Promise<RoomOpening>,
  success: (variables: Variables) => string,
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
    success: (_opening: RoomOpening, variables: Variables) => success(variables),
    notifyErrors,
  });
}

// The forms show a refusal above their «Salva», the confirmation dialogs in themselves.
export const useSaveWeeklyOpening = () => useOpeningWrite(saveWeeklyOpening, ({ body }) => savedText(IT_ROOMS.room.weeklySaved, body), false);
export const useSaveException = () => useOpeningWrite(saveException, ({ body }) => savedText(IT_ROOMS.room.exceptionSaved, body), false);
export const useDeleteException = () => useOpeningWrite(deleteException, ({ decision }) => savedText(IT_ROOMS.room.exceptionDeleted, decision), false);
