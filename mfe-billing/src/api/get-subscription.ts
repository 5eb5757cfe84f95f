import { queryOptions, useQuery } from '@tanstack/react-query';
import { subscriptionSchema, type Subscription } from '@incontra/contracts/api/subscription';
import { apiRequest } from '@incontra/contracts/http';
import { queryKeys } from '@incontra/contracts/query-keys';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { retryTransient } from './retry-transient';

/** GET /api/subscription: the signed-in company's subscription; 404 when it has none. */
export function getSubscription(signal?: AbortSignal): Promise<Subscription> {
  return apiRequest('/api/subscription', { schema: subscriptionSchema, signal });
}

export function getSubscriptionQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: queryKeys.subscription(companyId),
    queryFn: ({ signal }) => getSubscription(signal),
    refetchOnWindowFocus: false,
    retry: retryTransient,
  });
}

/** Subscription data is read only for a signed-in user (spec section 6): mount it behind the session check. */
export function useSubscription() {
  const { company } = useMfeProps();
  return useQuery(getSubscriptionQueryOptions(company.id));
}
