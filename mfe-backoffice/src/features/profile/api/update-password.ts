import { useMutation } from '@tanstack/react-query';
import type { UpdatePasswordBody } from '@incontra/contracts/api/auth';
import { okSchema, type Ok } from '@incontra/contracts/api/common';
import { apiRequest } from '@incontra/contracts/http';

/** PUT /api/me/update-password: a wrong current password is a 422. */
export function updatePassword(body: UpdatePasswordBody): Promise<Ok> {
  return apiRequest('/api/me/update-password', { method: 'PUT', body, schema: okSchema });
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
