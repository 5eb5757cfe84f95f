import { staffReservationSchema, type StaffReservation } from '@incontra/contracts/api/reservations';
import { apiRequest } from '@incontra/contracts/http';
import { IT_PAID_BOOKING } from '@incontra/contracts/messages/it-paid-booking';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useManagementMutation } from '../../../app/management/use-management-mutation';
import { agendaKeys } from './agenda-keys';

/** POST /api/bo/reservations/{id}/refund: a paid appointment refunded in full, the appointment kept (409 when nothing is left to refund). */
export function refundReservation(id: string): Promise<StaffReservation> {
  return apiRequest(`/api/bo/reservations/${encodeURIComponent(id)}/refund`, { method: 'POST', schema: staffReservationSchema });
}

export function useRefundReservation() {
  const { company } = useMfeProps();
  // The confirmation dialog shows a refusal itself.
  return useManagementMutation({
    mutationFn: refundReservation,
    invalidate: [agendaKeys.reservations(company.id)],
    success: IT_PAID_BOOKING.agenda.refunded,
    notifyErrors: false,
  });
}
