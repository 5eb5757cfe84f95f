import { useQuery } from '@tanstack/react-query';
import { staffReservationDetailSchema, type StaffReservationDetail } from '@incontra/contracts/api/reservations';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { agendaKeys } from './agenda-keys';

/** GET /api/bo/reservations/{id}: the reservation and who else is invited. */
export function getReservation(id: string, signal?: AbortSignal): Promise<StaffReservationDetail> {
  return apiRequest(`/api/bo/reservations/${encodeURIComponent(id)}`, { schema: staffReservationDetailSchema, signal });
}

/** The open appointment's details; asks nothing while none is open. */
export function useReservation(id: string | null) {
  const { company } = useMfeProps();
  return useQuery({ queryKey: agendaKeys.detail(company.id, id ?? ''), queryFn: ({ signal }) => getReservation(id!, signal), enabled: id !== null });
}
