import type { PosStatus } from '@incontra/contracts/api/pos';

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
  /** The point of sale: everything a request's change refreshes (its lists, totals and details). */
  pos: (companyId: string) => [...billingKeys.all(companyId), 'pos'] as const,
  posForm: (companyId: string) => [...billingKeys.pos(companyId), 'form'] as const,
  posPayments: (companyId: string) => [...billingKeys.pos(companyId), 'payments'] as const,
  posList: (companyId: string, filters: PosFilters, page: number) => [...billingKeys.posPayments(companyId), 'list', filters, page] as const,
  posPayment: (companyId: string, id: string) => [...billingKeys.posPayments(companyId), 'detail', id] as const,
  posSettings: (companyId: string) => [...billingKeys.pos(companyId), 'settings'] as const,
  /** The company's account that receives its customers' payments (Stripe Connect). */
  paymentAccount: (companyId: string) => [...billingKeys.all(companyId), 'account'] as const,
};

/** The list's filters, as the query string sends them (absent: any). */
export interface PosFilters {
  storeId?: string;
  status?: PosStatus;
  from?: string;
  to?: string;
}
