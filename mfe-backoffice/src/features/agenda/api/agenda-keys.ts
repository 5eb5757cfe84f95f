import type { ReservationStatus } from '@incontra/contracts/api/reservations';

/** What the agenda asks GET /api/bo/reservations for, besides the page. Dates are the company's, both included. */
export interface ReservationFilters {
  store?: string;
  room?: string;
  topic?: string;
  status?: ReservationStatus;
  from?: string;
  to?: string;
}

/*
 * The agenda's TanStack keys, tenant first. Every read of reservations (the views, the list's
 * pages, a detail, the dashboard's cards) sits under `reservations`: a change of any appointment,
 * here or pushed by the API, refreshes them all with one key. Free times sit apart, per store. The
 * stores, their topics and rooms the agenda chooses among are read under their own resources' keys
 * (src/api), so that a write of any of them refreshes the agenda too.
 */
export const agendaKeys = {
  reservations: (companyId: string) => ['company', companyId, 'agenda', 'reservations'] as const,
  all: (companyId: string, filters: ReservationFilters) => ['company', companyId, 'agenda', 'reservations', 'all', filters] as const,
  page: (companyId: string, filters: ReservationFilters, page: number, pageSize: number) =>
    ['company', companyId, 'agenda', 'reservations', 'page', filters, page, pageSize] as const,
  detail: (companyId: string, id: string) => ['company', companyId, 'agenda', 'reservations', 'detail', id] as const,
  slots: (companyId: string) => ['company', companyId, 'agenda', 'slots'] as const,
  storeSlots: (companyId: string, storeId: string) => ['company', companyId, 'agenda', 'slots', storeId] as const,
  topicSlots: (companyId: string, storeId: string, topicId: string, from: string, to: string) =>
    ['company', companyId, 'agenda', 'slots', storeId, topicId, from, to] as const,
};
