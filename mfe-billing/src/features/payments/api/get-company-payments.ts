import { queryOptions, useQuery } from '@tanstack/react-query';
import { companyPaymentsSchema, type CompanyPayments } from '@incontra/contracts/api/subscription';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { billingKeys } from '../../../api/billing-keys';
import { retryTransient } from '../../../api/retry-transient';

/** GET /api/payments/company: the subscription's invoices and payments, newest first. */
export function getCompanyPayments(signal?: AbortSignal): Promise<CompanyPayments> {
  return apiRequest('/api/payments/company', { schema: companyPaymentsSchema, signal });
}

export function getCompanyPaymentsQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: billingKeys.payments(companyId),
    queryFn: ({ signal }) => getCompanyPayments(signal),
    refetchOnWindowFocus: false,
    retry: retryTransient,
  });
}

export function useCompanyPayments() {
  const { company } = useMfeProps();
  return useQuery(getCompanyPaymentsQueryOptions(company.id));
}
