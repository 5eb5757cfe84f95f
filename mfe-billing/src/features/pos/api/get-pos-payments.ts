import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { posListSchema, type PosList } from '@incontra/contracts/api/pos';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { billingKeys, type PosFilters } from '../../../api/billing-keys';
import { retryTransient } from '../../../api/retry-transient';

/** The query string of the list with these filters (the CSV export sends the same ones). */
export function posListParams(filters: PosFilters, extra: Record<string, string> = {}): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...filters, ...extra })) if (value) params.set(name, value);
  return params;
}

/** GET /api/pos/payment: one page of the requests the filters find, newest first, and the daily totals of the paid ones. */
export function getPosPayments(filters: PosFilters, page: number, signal?: AbortSignal): Promise<PosList> {
  const params = posListParams(filters, page > 1 ? { page: String(page) } : {});
  const query = params.size > 0 ? `?${params}` : '';
  return apiRequest(`/api/pos/payment${query}`, { schema: posListSchema, signal });
}

/** Where «Esporta CSV» downloads every request the filters find (all pages). */
export function posCsvUrl(filters: PosFilters): string {
  return `/api/pos/payment?${posListParams(filters, { format: 'csv' })}`;
}

export function getPosPaymentsQueryOptions(companyId: string, filters: PosFilters, page: number) {
  return queryOptions({
    queryKey: billingKeys.posList(companyId, filters, page),
    queryFn: ({ signal }) => getPosPayments(filters, page, signal),
    refetchOnWindowFocus: false,
    retry: retryTransient,
    // Another page or filter keeps the rows shown until the new ones come (no loader flash).
    placeholderData: keepPreviousData,
  });
}

export function usePosPayments(filters: PosFilters, page: number) {
  const { company } = useMfeProps();
  return useQuery(getPosPaymentsQueryOptions(company.id, filters, page));
}
