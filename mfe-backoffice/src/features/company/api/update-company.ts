import { publicCompanySchema, type PublicCompany } from '@incontra/contracts/api/company';
import type { CompanyUpdateBody } from '@incontra/contracts/api/company-management';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useManagementMutation } from '../../../app/management/use-management-mutation';
import { companyKeys } from './company-keys';

/** POST /api/company/{id}: the fields given change; answers the company as visitors now see it. */
export function updateCompany(companyId: string, body: CompanyUpdateBody): Promise<PublicCompany> {
  return apiRequest(`/api/company/${companyId}`, { method: 'POST', body, schema: publicCompanySchema });
}

export function useUpdateCompany(success: string) {
  const { company } = useMfeProps();
  return useManagementMutation({
    mutationFn: (body: CompanyUpdateBody) => updateCompany(company.id, body),
    invalidate: [companyKeys.details(company.id)],
    success,
  });
}
