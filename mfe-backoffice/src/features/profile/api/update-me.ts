import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meSchema, type Me, type UpdateMeBody } from '@incontra/contracts/api/auth';
import { apiRequest } from '@incontra/contracts/http';
import { queryKeys } from '@incontra/contracts/query-keys';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';

/** PUT /api/me: answers the updated user, which becomes the shared signed-in user. */
export function updateMe(body: UpdateMeBody): Promise<Me> {
  return apiRequest('/api/me', { method: 'PUT', body, schema: meSchema });
}

export function useUpdateMe() {
  const { company } = useMfeProps();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (user) => queryClient.setQueryData(queryKeys.me(company.id), user),
  });
}
