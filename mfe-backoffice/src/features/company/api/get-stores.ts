import { useQuery } from '@tanstack/react-query';
import { companyConfigSchema, type CompanyConfig } from '@incontra/contracts/api/stores';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { companyKeys } from './company-keys';

/** GET /api/config/company: the stores with their walls. */
export function getStores(): Promise<CompanyConfig> {
  return apiRequest('/api/config/company', { schema: companyConfigSchema });
}

export function useStoresWithWalls() {
  const { company } = useMfeProps();
  return useQuery({ queryKey: companyKeys.stores(company.id), queryFn: getStores });
}
