import { queryOptions, useQuery } from '@tanstack/react-query';
import { getTestAuthentication } from '@incontra/mfe-kit/payments/test-authentication-api';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { billingKeys } from '../../../api/billing-keys';
import { retryTransient } from '../../../api/retry-transient';

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
