import { queryOptions, useQuery } from '@tanstack/react-query';
import { companyConfigSchema, type CompanyConfig } from '@incontra/contracts/api/stores';
import { apiRequest } from '@incontra/contracts/http';
import { queryKeys } from '@incontra/contracts/query-keys';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';

/** GET /api/config/company: the API resolves the company from the page's origin. */
export function getCompanyConfig(origin: string, signal?: AbortSignal): Promise<CompanyConfig> {
  return apiRequest('/api/config/company', { schema: companyConfigSchema, headers: { 'x-origin': origin }, signal });
}

export function getCompanyConfigQueryOptions(companyId: string, origin: string) {
  return queryOptions({
    queryKey: queryKeys.companyConfig(companyId),
    queryFn: ({ signal }) => getCompanyConfig(origin, signal),
    refetchOnWindowFocus: false,
  });
}

export function useCompanyConfig({ enabled = true }: { enabled?: boolean } = {}) {
  const { company } = useMfeProps();
  return useQuery({ ...getCompanyConfigQueryOptions(company.id, window.location.origin), enabled });
}
