import type { QueryClient } from '@tanstack/react-query';
import type { Me } from '@incontra/contracts/api/auth';
import { queryKeys } from '@incontra/contracts/query-keys';

/**
 * The user at queryKeys.me once no fetch of it is running: a remote that signs in and invalidates
 * the key before navigating gets its next page view counted with the new user.
 */
export function settledUser(queryClient: QueryClient, companyId: string): Promise<Me | null | undefined> {
  const queryKey = queryKeys.me(companyId);
  const read = () => queryClient.getQueryData<Me | null>(queryKey);
  if (queryClient.isFetching({ queryKey }) === 0) return Promise.resolve(read());
  return new Promise((resolve) => {
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching({ queryKey }) > 0) return;
      unsubscribe();
      resolve(read());
    });
  });
}
