import { ApiRequestError } from '@incontra/contracts/http';

/** A 4xx answer will not change on its own; only lost connections and server errors are retried. */
export function retryTransient(failureCount: number, error: Error): boolean {
  const status = error instanceof ApiRequestError ? error.status : 500;
  return (status === 0 || status >= 500) && failureCount < 2;
}
