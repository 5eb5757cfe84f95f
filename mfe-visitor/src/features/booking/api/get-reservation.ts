import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerReservationSchema, type CustomerReservation } from '@incontra/contracts/api/reservations';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { bearerOf, reservationPath, type ManageCredentials } from './manage-calls';

/** GET /api/reservations/{id} with the manage token (401 without one, 404 with a wrong one). */
export function getReservation(credentials: ManageCredentials, signal?: AbortSignal): Promise<CustomerReservation> {
  return apiRequest(reservationPath(credentials), { headers: bearerOf(credentials), schema: customerReservationSchema, signal });
}

/** Keyed by the token too: another link to the same id is another question. */
export const reservationKey = (companyId: string, { id, token }: ManageCredentials) => ['company', companyId, 'reservations', id, token] as const;

export function getReservationQueryOptions(companyId: string, credentials: ManageCredentials) {
  return queryOptions({
    queryKey: reservationKey(companyId, credentials),
    queryFn: ({ signal }) => getReservation(credentials, signal),
    // A wrong link stays wrong: no retry, the page says so at once.
    retry: false,
  });
}

export function useReservation(credentials: ManageCredentials) {
  const { company } = useMfeProps();
  return useQuery(getReservationQueryOptions(company.id, credentials));
}
