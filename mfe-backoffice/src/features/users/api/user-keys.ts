/** The users' TanStack keys, tenant first. */
export const userKeys = {
  all: (companyId: string) => ['company', companyId, 'users'] as const,
};
