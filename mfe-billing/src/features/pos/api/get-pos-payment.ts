import { queryOptions, useQuery } from '@tanstack/react-query';
import { posPaymentSchema, type PosPayment } from '@incontra/contracts/api/pos';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { billingKeys } from '../../../api/billing-keys';
import { retryTransient } from '../../../api/retry-transient';

/** GET /api/pos/payment/{id}: one request with its link's QR code. */
export function getPosPayment(id: string, signal?: AbortSignal): Promise<PosPayment> {
  return apiRequest(`/api/pos/payment/${encodeURIComponent(id)}`, { schema: posPaymentSchema, signal });
}

export function getPosPaymentQueryOptions(companyId: string, id: string) {
  return queryOptions({
    queryKey: billingKeys.posPayment(companyId, id),
    queryFn: ({ signal }) => getPosPayment(id, signal),
    refetchOnWindowFocus: false,
    retry: retryTransient,
  });
}

/** `initial`: the request as the create call answered it, shown at once. */
export function usePosPayment(id: string, initial?: PosPayment) {
  const { company } = useMfeProps();
  return useQuery({ ...getPosPaymentQueryOptions(company.id, id), initialData: initial });
}
