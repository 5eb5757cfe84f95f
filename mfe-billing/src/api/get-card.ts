import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentAnswerSchema, type PaymentAnswer } from '@incontra/contracts/api/subscription';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { billingKeys } from './billing-keys';
import { retryTransient } from './retry-transient';

/** GET /api/subscription/payment: the card on file, null before one is added. */
export function getCard(signal?: AbortSignal): Promise<PaymentAnswer> {
  return apiRequest('/api/subscription/payment', { schema: paymentAnswerSchema, signal });
}

export function getCardQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: billingKeys.card(companyId),
    queryFn: ({ signal }) => getCard(signal),
    refetchOnWindowFocus: false,
    retry: retryTransient,
  });
}

/** Read by the card section and by the plans (a change of plan needs a card to charge). */
export function useCard(enabled = true) {
  const { company } = useMfeProps();
  return useQuery({ ...getCardQueryOptions(company.id), enabled });
}
