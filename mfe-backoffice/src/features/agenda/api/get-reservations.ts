import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_PAGE_SIZE, LIST_PAGE_SIZE_MAX } from '@incontra/contracts/api/list-page';
import { staffReservationsPageSchema, type StaffReservation, type StaffReservationsPage } from '@incontra/contracts/api/reservations';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { agendaKeys, type ReservationFilters } from './agenda-keys';

/** GET /api/bo/reservations: one page, by start (an operator gets only the stores they serve). */
export function getReservationsPage(filters: ReservationFilters, page: number, pageSize: number, signal?: AbortSignal): Promise<StaffReservationsPage> {
  const query = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])));
  query.set('page', String(page));
  query.set('pageSize', String(pageSize));
  return apiRequest(`/api/bo/reservations?${query}`, { schema: staffReservationsPageSchema, signal });
}

/** Every reservation the filters find, a page of the most the API gives at a time after another. */
export async function getAllReservations(filters: ReservationFilters, signal?: AbortSignal): Promise<StaffReservation[]> {
  const first = await getReservationsPage(filters, 1, LIST_PAGE_SIZE_MAX, signal);
  const items = [...first.items];
  const pages = Math.ceil(first.total / LIST_PAGE_SIZE_MAX);
  for (let page = 2; page <= pages; page += 1) {
    items.push(...(await getReservationsPage(filters, page, LIST_PAGE_SIZE_MAX, signal)).items);
  }
  return items;
}

/** A day's or a week's appointments: all of them, however many. */
export function useAllReservations(filters: ReservationFilters) {
  const { company } = useMfeProps();
  return useQuery(
    queryOptions({
      queryKey: agendaKeys.all(company.id, filters),
      queryFn: ({ signal }) => getAllReservations(filters, signal),
      // The day shown stays while the next one comes: the columns do not blink at each step.
      placeholderData: keepPreviousData,
    }),
  );
}

/** One page of the list view (or the dashboard's first few). */
export function useReservationsPage(filters: ReservationFilters, page = 1, pageSize = LIST_PAGE_SIZE) {
  const { company } = useMfeProps();
  return useQuery(
    queryOptions({
      queryKey: agendaKeys.page(company.id, filters, page, pageSize),
      queryFn: ({ signal }) => getReservationsPage(filters, page, pageSize, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
