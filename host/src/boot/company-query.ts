import { queryOptions } from '@tanstack/react-query';
import { publicCompanySchema, type PublicCompany } from '@incontra/contracts/api/company';
import { ERRORS } from '@incontra/contracts/errors';
import { ApiRequestError, apiRequest } from '@incontra/contracts/http';
import { queryKeys } from '@incontra/contracts/query-keys';

export async function fetchCompanyByHost(host: string): Promise<PublicCompany> {
  try {
    return await apiRequest(`/api/company/${encodeURIComponent(host)}`, { schema: publicCompanySchema });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) throw new Error(ERRORS.companyNotFound, { cause: error });
    throw error;
  }
}

/**
 * The server-rendered company is the first answer; it is stale from the start (updated at 0) so
 * the shell revalidates it once at boot (the boot awaits that read before mounting the remotes,
 * and the chrome's own use of it does not ask again within `staleTime`).
 */
export function companyQueryOptions(host: string, inlined: PublicCompany) {
  return queryOptions({
    queryKey: queryKeys.companyByHost(host),
    queryFn: () => fetchCompanyByHost(host),
    initialData: inlined,
    initialDataUpdatedAt: 0,
    staleTime: 30_000,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function isCompanyNotFound(error: unknown): boolean {
  return error instanceof Error && error.message === ERRORS.companyNotFound;
}
