import { useInfiniteQuery } from '@tanstack/react-query';
import { activityPageSchema, type ActivityPage, type ActivityQuery } from '@incontra/contracts/api/activity';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { activityKeys, type ActivityFilters } from './activity-keys';

/** GET /api/activity: one page, newest first, below `before` when given. */
export function getActivityPage(query: ActivityQuery, signal?: AbortSignal): Promise<ActivityPage> {
  const params = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const search = params.size > 0 ? `?${params}` : '';
  return apiRequest(`/api/activity${search}`, { schema: activityPageSchema, signal });
}

/** The log a page at a time: `fetchNextPage` adds the next 50 below those shown. */
export function useActivity(filters: ActivityFilters) {
  const { company } = useMfeProps();
  return useInfiniteQuery({
    queryKey: activityKeys.list(company.id, filters),
    queryFn: ({ pageParam, signal }) => getActivityPage({ ...filters, before: pageParam ?? undefined }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  });
}
