import type { ActivityQuery } from '@incontra/contracts/api/activity';

export type ActivityFilters = Pick<ActivityQuery, 'userId' | 'entityType'>;

/**
 * The activity log's query keys, tenant first; each filter is its own list of pages. The
 * retention lives under `all` too: saving it (a line of the log itself) refreshes both.
 */
export const activityKeys = {
  all: (companyId: string) => ['company', companyId, 'activity'] as const,
  list: (companyId: string, filters: ActivityFilters) => ['company', companyId, 'activity', filters] as const,
  retention: (companyId: string) => ['company', companyId, 'activity', 'retention'] as const,
};
