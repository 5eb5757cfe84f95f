import { queryOptions, useQuery } from '@tanstack/react-query';
import { meSchema, type Me } from '@incontra/contracts/api/auth';
import { ApiRequestError, apiRequest } from '@incontra/contracts/http';
import { queryKeys } from '@incontra/contracts/query-keys';
import { useMfeProps } from './mfe-props-context';

/** GET /api/me. Nobody signed in is an answer (null), not an error: the shell reads 401 and 403 the same way. */
export async function getMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    return await apiRequest('/api/me', { schema: meSchema, signal });
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

/** Shared with the shell through its QueryClient: the spec wants no retry and no refetch on focus. */
export function getMeQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: queryKeys.me(companyId),
    queryFn: ({ signal }) => getMe(signal),
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: 30_000,
  });
}

export function useMe() {
  const { company } = useMfeProps();
  return useQuery(getMeQueryOptions(company.id));
}
