import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentAccountSchema, type PaymentAccount } from '@incontra/contracts/api/customer-payments';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { billingKeys } from '../../../api/billing-keys';
import { retryTransient } from '../../../api/retry-transient';

/** GET /api/payments/account: whether the company's account can take its customers' payments (admins). */
export function getPaymentAccount(signal?: AbortSignal): Promise<PaymentAccount> {
  return apiRequest('/api/payments/account', { schema: paymentAccountSchema, signal });
}

export function getPaymentAccountQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: billingKeys.paymentAccount(companyId),
    queryFn: ({ signal }) => getPaymentAccount(signal),
    refetchOnWindowFocus: false,
    retry: retryTransient,
  });
}

export function usePaymentAccount() {
  const { company } = useMfeProps();
  return useQuery(getPaymentAccountQueryOptions(company.id));
}
