import { managedUserSchema, type ManagedUser, type UserBody, type UserUpdateBody } from '@incontra/contracts/api/users';
import { apiRequest } from '@incontra/contracts/http';
import { IT_USERS } from '@incontra/contracts/messages/it-users';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useManagementMutation } from '../../../app/management/use-management-mutation';
import { userKeys } from '../../../api/users/user-keys';

const TEXT = IT_USERS.screen;

/** What the form saves: a new user (no id, invited by e-mail) or the changes of one. */
export type UserSave = { id: null; body: UserBody } | { id: string; body: UserUpdateBody };

/** POST /api/users to create (and invite), POST /api/users/{id} to change: both answer the user. */
export function saveUser({ id, body }: UserSave): Promise<ManagedUser> {
  return apiRequest(id ? `/api/users/${id}` : '/api/users', { method: 'POST', body, schema: managedUserSchema });
}

export function useSaveUser() {
  const { company } = useMfeProps();
  return useManagementMutation({
    mutationFn: saveUser,
    invalidate: [userKeys.all(company.id)],
    success: (_user, { id }) => (id ? TEXT.saved : TEXT.created),
    affectsPlanUsage: true,
  });
}

/** Deactivates (their sessions end at once) or reactivates a user; reactivating counts against the plan. */
export function useSetUserActive() {
  const { company } = useMfeProps();
  return useManagementMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => saveUser({ id, body: { active } }),
    invalidate: [userKeys.all(company.id)],
    success: (_user, { active }) => (active ? TEXT.reactivated : TEXT.deactivated),
    affectsPlanUsage: true,
  });
}

/** Mails a fresh invitation link to a user who has not chosen a password yet. */
export function useResendInvitation() {
  const { company } = useMfeProps();
  return useManagementMutation({
    mutationFn: (id: string) => saveUser({ id, body: { sendInvitation: true } }),
    invalidate: [userKeys.all(company.id)],
    success: TEXT.invitationSent,
  });
}
