import { okSchema, type Ok } from '@incontra/contracts/api/common';
import { apiRequest } from '@incontra/contracts/http';
import { IT_USERS } from '@incontra/contracts/messages/it-users';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useManagementMutation } from '../../../app/management/use-management-mutation';
import { userKeys } from '../../../api/users/user-keys';

/** DELETE /api/users/{id}: refused (422, with the reason) for oneself and the last active admin. */
export function deleteUser(id: string): Promise<Ok> {
  return apiRequest(`/api/users/${id}`, { method: 'DELETE', schema: okSchema });
}

export function useDeleteUser() {
  const { company } = useMfeProps();
  // The confirmation dialog shows a refusal itself.
  return useManagementMutation({
    mutationFn: deleteUser,
    invalidate: [userKeys.all(company.id)],
    success: IT_USERS.screen.deleted,
    affectsPlanUsage: true,
    notifyErrors: false,
  });
}
