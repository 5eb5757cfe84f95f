import * as z from 'zod/mini';
import { apiRequest } from '@incontra/contracts/http';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useManagementMutation } from '../../../app/management/use-management-mutation';
import { agendaKeys } from './agenda-keys';

/** 204: no body. */
const noContentSchema = z.undefined();

/** DELETE /api/bo/reservation_participants/{id}: the invitation is withdrawn (the participant is told by e-mail). */
export function removeParticipant(id: string): Promise<undefined> {
  return apiRequest(`/api/bo/reservation_participants/${encodeURIComponent(id)}`, { method: 'DELETE', schema: noContentSchema });
}

export function useRemoveParticipant() {
  const { company } = useMfeProps();
  // The confirmation dialog shows a refusal itself.
  return useManagementMutation({
    mutationFn: removeParticipant,
    invalidate: [agendaKeys.reservations(company.id)],
    success: IT_AGENDA.participants.removed,
    notifyErrors: false,
  });
}
