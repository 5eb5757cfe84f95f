import type { ListRequest } from '@incontra/contracts/api/list-page';

/*
 * The users' TanStack keys, tenant first: the one place for every read of GET /api/users (the
 * users' table, the activity log's author filter). Every page lives under `all`: a write refreshes them all.
 */
export const userKeys = {
  all: (companyId: string) => ['company', companyId, 'users'] as const,
  page: (companyId: string, request: ListRequest<string>) => ['company', companyId, 'users', 'page', request] as const,
};
