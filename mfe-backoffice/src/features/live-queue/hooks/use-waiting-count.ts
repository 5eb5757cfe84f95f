import { useQuery } from '@tanstack/react-query';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { getLiveQueueQueryOptions } from '../api/get-live-queue';

/** Elsewhere in the back office, the queue is asked for this often (the badge is a hint, not the queue). */
export const WAITING_COUNT_REFRESH_MS = 30_000;

/**
 * How many visitors wait, for the navigation's badge: from the live page's cache while it is open
 * (`polling` false: the page keeps it current), from a slow poll elsewhere. Null while unknown.
 */
export function useWaitingCount(polling: boolean): number | null {
  const { company } = useMfeProps();
  const query = useQuery({
    ...getLiveQueueQueryOptions(company.id),
    enabled: polling,
    refetchInterval: polling ? WAITING_COUNT_REFRESH_MS : false,
    select: (queue) => queue.requests.length,
  });
  return query.data ?? null;
}
