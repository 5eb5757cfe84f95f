/** The company area's TanStack keys, tenant first. */
export const companyKeys = {
  details: (companyId: string) => ['company', companyId, 'company-settings', 'details'] as const,
};
