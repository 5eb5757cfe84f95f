import { useMutation } from '@tanstack/react-query';
import type { PasswordResetRequestBody } from '@incontra/contracts/api/auth';
import { okSchema, type Ok } from '@incontra/contracts/api/common';
import { apiRequest } from '@incontra/contracts/http';

/** PUT /api/password-reset-request: answers the same whether or not the e-mail is registered. */
export function requestPasswordReset(body: PasswordResetRequestBody): Promise<Ok> {
  return apiRequest('/api/password-reset-request', { method: 'PUT', body, schema: okSchema });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
