import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loginResponseSchema, type LoginBody, type LoginResponse } from '@incontra/contracts/api/auth';
import { apiRequest } from '@incontra/contracts/http';
import { queryKeys } from '@incontra/contracts/query-keys';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';

/** POST /api/login: the API answers the user and starts a fresh session. */
export function login(body: LoginBody): Promise<LoginResponse> {
  return apiRequest('/api/login', { method: 'POST', body, schema: loginResponseSchema });
}

export function useLogin() {
  const { company } = useMfeProps();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => queryClient.setQueryData(queryKeys.me(company.id), user),
  });
}
