import { queryOptions } from '@tanstack/react-query';
import { liveQueueSchema, type LiveQueue } from '@incontra/contracts/api/join-requests';
import { apiRequest } from '@incontra/contracts/http';

/** GET /api/bo/join-requests: the waiting requests of the stores the staff member serves, oldest first. */
export function getLiveQueue(signal?: AbortSignal): Promise<LiveQueue> {
  return apiRequest('/api/bo/join-requests', { schema: liveQueueSchema, signal });
}

/** Tenant first, like the shared keys; the page keeps it in step with the socket, the navigation reads it. */
export function liveQueueQueryKey(companyId: string) {
  return ['company', companyId, 'live-queue'] as const;
}

export function getLiveQueueQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: liveQueueQueryKey(companyId),
    queryFn: ({ signal }) => getLiveQueue(signal),
    refetchOnWindowFocus: false,
  });
}
