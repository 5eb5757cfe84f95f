import { queryOptions } from '@tanstack/react-query';
import { meSchema, type Me } from '@incontra/contracts/api/auth';
import { ApiRequestError, apiRequest } from '@incontra/contracts/http';
import { queryKeys } from '@incontra/contracts/query-keys';

/** Nobody signed in is an answer, not an error: null. */
export async function fetchMe(): Promise<Me | null> {
  try {
    return await apiRequest('/api/me', { schema: meSchema });
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

export function meQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: queryKeys.me(companyId),
    queryFn: fetchMe,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
