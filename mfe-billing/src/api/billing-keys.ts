/**
 * Query keys of the billing remote's own reads, tenant first, all under one key so that a write
 * refreshes every screen reading them. The subscription itself keeps the shared key
 * (`queryKeys.subscription`), which the back office reads too (its header's trial badge, the plan
 * limits of its management pages).
 */
export const billingKeys = {
  all: (companyId: string) => ['company', companyId, 'billing'] as const,
  card: (companyId: string) => [...billingKeys.all(companyId), 'card'] as const,
  billingData: (companyId: string) => [...billingKeys.all(companyId), 'data'] as const,
  payments: (companyId: string) => [...billingKeys.all(companyId), 'payments'] as const,
  authentication: (companyId: string, token: string) => [...billingKeys.all(companyId), 'authentication', token] as const,
};
