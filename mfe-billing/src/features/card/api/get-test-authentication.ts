import { queryOptions, useQuery } from '@tanstack/react-query';
import { testAuthenticationSchema, type TestAuthentication } from '@incontra/contracts/api/test-payments';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { billingKeys } from '../../../api/billing-keys';
import { retryTransient } from '../../../api/retry-transient';

const path = (token: string) => `/api/payments/test/authentication/${encodeURIComponent(token)}`;

/** GET /api/payments/test/authentication/{token}: who asks to authorise which card, for how much. */
export function getTestAuthentication(token: string, signal?: AbortSignal): Promise<TestAuthentication> {
  return apiRequest(path(token), { schema: testAuthenticationSchema, signal });
}

/** POST /api/payments/test/authentication/{token} {approve}: the cardholder's answer. */
export function answerTestAuthentication(token: string, approve: boolean): Promise<TestAuthentication> {
  return apiRequest(path(token), { method: 'POST', body: { approve }, schema: testAuthenticationSchema });
}

export function getTestAuthenticationQueryOptions(companyId: string, token: string) {
  return queryOptions({
    queryKey: billingKeys.authentication(companyId, token),
    queryFn: ({ signal }) => getTestAuthentication(token, signal),
    refetchOnWindowFocus: false,
    retry: retryTransient,
  });
}

export function useTestAuthentication(token: string) {
  const { company } = useMfeProps();
  return useQuery(getTestAuthenticationQueryOptions(company.id, token));
}
