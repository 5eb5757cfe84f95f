import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema, type Ok } from '@incontra/contracts/api/common';
import { ApiRequestError, apiRequest } from '@incontra/contracts/http';
import { queryKeys } from '@incontra/contracts/query-keys';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';

/** POST /api/logout. A session that already expired (401) is as good as a closed one. */
export async function logout(): Promise<Ok> {
  try {
    return await apiRequest('/api/logout', { method: 'POST', schema: okSchema });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return { ok: true };
    throw error;
  }
}

export function useLogout() {
  const { company } = useMfeProps();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      // Nothing the previous user could read may outlive the session.
      queryClient.removeQueries({ queryKey: queryKeys.subscription(company.id) });
      queryClient.setQueryData(queryKeys.me(company.id), null);
    },
  });
}
