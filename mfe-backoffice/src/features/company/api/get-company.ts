import { useQuery } from '@tanstack/react-query';
import { publicCompanySchema, type PublicCompany } from '@incontra/contracts/api/company';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { companyKeys } from './company-keys';

/** GET /api/company/{id}: the company as visitors see it, its texts included. */
export function getCompany(companyId: string): Promise<PublicCompany> {
  return apiRequest(`/api/company/${companyId}`, { schema: publicCompanySchema });
}

export function useCompanyDetails() {
  const { company } = useMfeProps();
  return useQuery({ queryKey: companyKeys.details(company.id), queryFn: () => getCompany(company.id) });
}
