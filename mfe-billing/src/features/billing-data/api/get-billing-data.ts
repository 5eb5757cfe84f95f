import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingDataAnswerSchema, type BillingDataAnswer } from '@incontra/contracts/api/billing-data';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { billingKeys } from '../../../api/billing-keys';
import { retryTransient } from '../../../api/retry-transient';

/** GET /api/subscription/billing: the company's invoicing data, null before the admin writes them. */
export function getBillingData(signal?: AbortSignal): Promise<BillingDataAnswer> {
  return apiRequest('/api/subscription/billing', { schema: billingDataAnswerSchema, signal });
}

export function getBillingDataQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: billingKeys.billingData(companyId),
    queryFn: ({ signal }) => getBillingData(signal),
    refetchOnWindowFocus: false,
    retry: retryTransient,
  });
}

export function useBillingData() {
  const { company } = useMfeProps();
  return useQuery(getBillingDataQueryOptions(company.id));
}
