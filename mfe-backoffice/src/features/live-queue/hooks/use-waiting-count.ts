import { useQuery } from '@tanstack/react-query';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { getLiveQueueQueryOptions } from '../api/get-live-queue';
import { useStaffLobbyState } from './use-staff-lobby';

/** Elsewhere in the back office, while the lobby socket is down, the queue is asked for this often (the badge is a hint, not the queue). */
export const WAITING_COUNT_REFRESH_MS = 30_000;

/**
 * How many visitors wait (the navigation's badge, the dashboard's figure): from the tab's lobby
 * line while it is up, current at each change. While it is not (on its way, down, refused), from
 * GET /api/bo/join-requests every `intervalMs` when `polling`, or from the cache alone when not
 * (the live page keeps it current). Null while unknown.
 */
export function useWaitingCount(polling: boolean, intervalMs = WAITING_COUNT_REFRESH_MS): number | null {
  const { company } = useMfeProps();
  const { status, waiting } = useStaffLobbyState();
  const asking = polling && status !== 'up';
  const query = useQuery({
    ...getLiveQueueQueryOptions(company.id),
    enabled: asking,
    refetchInterval: asking ? intervalMs : false,
    select: (queue) => queue.requests.length,
  });
  return waiting?.length ?? query.data ?? null;
}
