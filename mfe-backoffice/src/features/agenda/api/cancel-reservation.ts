import { staffReservationSchema, type StaffReservation } from '@incontra/contracts/api/reservations';
import { apiRequest } from '@incontra/contracts/http';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useManagementMutation } from '../../../app/management/use-management-mutation';
import { agendaKeys } from './agenda-keys';

/** DELETE /api/bo/reservations/{id}: cancelled by staff (409 when it is no longer booked); the customer gets an e-mail. */
export function cancelReservation(id: string): Promise<StaffReservation> {
  return apiRequest(`/api/bo/reservations/${encodeURIComponent(id)}`, { method: 'DELETE', schema: staffReservationSchema });
}

export function useCancelReservation() {
  const { company } = useMfeProps();
  // The confirmation dialog shows a refusal itself.
  return useManagementMutation({
    mutationFn: cancelReservation,
    invalidate: [agendaKeys.reservations(company.id), agendaKeys.slots(company.id)],
    success: IT_AGENDA.actions.cancelled,
    notifyErrors: false,
  });
}
