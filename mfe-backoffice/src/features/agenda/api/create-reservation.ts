import { staffReservationSchema, type StaffReservation, type StaffReservationBody } from '@incontra/contracts/api/reservations';
import { apiRequest } from '@incontra/contracts/http';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useManagementMutation } from '../../../app/management/use-management-mutation';
import { whenOf } from '../agenda-format';
import { agendaKeys } from './agenda-keys';

/** POST /api/bo/reservations: staff book for a customer (same rules as the customer's booking; 409 with alternatives when the time is taken). */
export function createReservation(body: StaffReservationBody): Promise<StaffReservation> {
  return apiRequest('/api/bo/reservations', { method: 'POST', body, schema: staffReservationSchema });
}

export function useCreateReservation() {
  const { company } = useMfeProps();
  return useManagementMutation({
    mutationFn: createReservation,
    invalidate: [agendaKeys.reservations(company.id), agendaKeys.slots(company.id)],
    success: (created) => IT_AGENDA.create.created(created.customer.name, whenOf(created, company.timeZone)),
  });
}
