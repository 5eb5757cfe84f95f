import { staffReservationSchema, type StaffReservation, type StaffReservationUpdateBody } from '@incontra/contracts/api/reservations';
import { apiRequest } from '@incontra/contracts/http';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useManagementMutation } from '../../../app/management/use-management-mutation';
import { whenOf } from '../agenda-format';
import { agendaKeys } from './agenda-keys';

export interface ReservationUpdate {
  id: string;
  body: StaffReservationUpdateBody;
}

/** POST /api/bo/reservations/{id}: move it (`startsAt`), or say how it went (`status`, after the start). */
export function updateReservation({ id, body }: ReservationUpdate): Promise<StaffReservation> {
  return apiRequest(`/api/bo/reservations/${encodeURIComponent(id)}`, { method: 'POST', body, schema: staffReservationSchema });
}

/** A move: a taken time is a 409 naming `startsAt`, with the nearest free ones (the move panel shows them, not a toast). */
export function useMoveReservation() {
  const { company } = useMfeProps();
  return useManagementMutation({
    mutationFn: (move: { id: string; startsAt: string }) => updateReservation({ id: move.id, body: { startsAt: move.startsAt } }),
    invalidate: [agendaKeys.reservations(company.id), agendaKeys.slots(company.id)],
    success: (moved) => IT_AGENDA.move.moved(whenOf(moved, company.timeZone)),
  });
}

/** Completed or no-show: a refusal (before the start, cancelled meanwhile) names `status`, so the detail shows it. */
export function useSetOutcome() {
  const { company } = useMfeProps();
  return useManagementMutation({
    mutationFn: (outcome: { id: string; status: 'completed' | 'no_show' }) => updateReservation({ id: outcome.id, body: { status: outcome.status } }),
    invalidate: [agendaKeys.reservations(company.id)],
    success: (_saved, { status }) => IT_AGENDA.actions.outcomeSaved[status],
  });
}
