import { reservationParticipantSchema, type ReservationParticipant, type ReservationParticipantBody } from '@incontra/contracts/api/reservations';
import { apiRequest } from '@incontra/contracts/http';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useManagementMutation } from '../../../app/management/use-management-mutation';
import { agendaKeys } from './agenda-keys';

/** POST /api/bo/reservation_participants: the participant gets an e-mail with a personal join link (409 when already invited or too many). */
export function addParticipant(body: ReservationParticipantBody): Promise<ReservationParticipant> {
  return apiRequest('/api/bo/reservation_participants', { method: 'POST', body, schema: reservationParticipantSchema });
}

export function useAddParticipant() {
  const { company } = useMfeProps();
  return useManagementMutation({
    mutationFn: addParticipant,
    invalidate: [agendaKeys.reservations(company.id)],
    success: (participant) => IT_AGENDA.participants.added(participant.name),
  });
}
