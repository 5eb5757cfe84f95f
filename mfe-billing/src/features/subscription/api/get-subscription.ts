import { queryOptions, useQuery } from '@tanstack/react-query';
import { subscriptionSchema, type Subscription } from '@incontra/contracts/api/subscription';
import { ApiRequestError, apiRequest } from '@incontra/contracts/http';
import { queryKeys } from '@incontra/contracts/query-keys';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';

/** GET /api/subscription: the signed-in company's subscription; 404 when it has none. */
export function getSubscription(signal?: AbortSignal): Promise<Subscription> {
  return apiRequest('/api/subscription', { schema: subscriptionSchema, signal });
}

/** A 4xx answer will not change on its own; only lost connections and server errors are retried. */
function retryTransient(failureCount: number, error: Error): boolean {
  const status = error instanceof ApiRequestError ? error.status : 500;
  return (status === 0 || status >= 500) && failureCount < 2;
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
