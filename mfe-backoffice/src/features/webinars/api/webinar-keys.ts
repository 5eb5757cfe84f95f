import type { WebinarsQuery } from '@incontra/contracts/api/webinars';

/*
 * The webinars' TanStack keys, tenant first. Everything sits under `all`: a write (an edit, a
 * status move) refreshes the list, the webinar and its registrations with one key.
 */
export const webinarKeys = {
  all: (companyId: string) => ['company', companyId, 'webinars'] as const,
  list: (companyId: string, filters: WebinarsQuery) => ['company', companyId, 'webinars', 'list', filters] as const,
  detail: (companyId: string, id: string) => ['company', companyId, 'webinars', 'detail', id] as const,
  registrations: (companyId: string, id: string) => ['company', companyId, 'webinars', 'detail', id, 'registrations'] as const,
  replay: (companyId: string, id: string) => ['company', companyId, 'webinars', 'detail', id, 'replay'] as const,
};
