import { useMutation } from '@tanstack/react-query';
import type { PasswordResetBody } from '@incontra/contracts/api/auth';
import { okSchema, type Ok } from '@incontra/contracts/api/common';
import { apiRequest } from '@incontra/contracts/http';

/** POST /api/password-reset: spends the e-mailed token to set a new password. */
export function resetPassword(body: PasswordResetBody): Promise<Ok> {
  return apiRequest('/api/password-reset', { method: 'POST', body, schema: okSchema });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
