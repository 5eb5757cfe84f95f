import { queryOptions, useQuery } from '@tanstack/react-query';
import { posCreateFormSchema, type PosCreateForm } from '@incontra/contracts/api/pos';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { billingKeys } from '../../../api/billing-keys';
import { retryTransient } from '../../../api/retry-transient';

/** GET /api/pos/create: what the request form needs (the stores served, whether payments can be taken). */
export function getPosForm(signal?: AbortSignal): Promise<PosCreateForm> {
  return apiRequest('/api/pos/create', { schema: posCreateFormSchema, signal });
}

export function getPosFormQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: billingKeys.posForm(companyId),
    queryFn: ({ signal }) => getPosForm(signal),
    refetchOnWindowFocus: false,
    retry: retryTransient,
  });
}

export function usePosForm() {
  const { company } = useMfeProps();
  return useQuery(getPosFormQueryOptions(company.id));
}
