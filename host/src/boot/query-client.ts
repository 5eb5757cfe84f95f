import { QueryClient } from '@tanstack/react-query';
import { DATA_CACHE } from '@incontra/contracts/constants';

/**
 * The one QueryClient of the page, handed to every remote. The spec's data-cache constants map
 * onto TanStack Query where they have a counterpart: requests for the same data within the
 * dedupe window are served from cache, and a failed request is retried after the retry interval.
 */
export function createShellQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DATA_CACHE.dedupeMs,
        retryDelay: DATA_CACHE.errorRetryMs,
      },
    },
  });
}
