import type { ManagedUser } from '@incontra/contracts/api/users';
import { IT_USERS } from '@incontra/contracts/messages/it-users';

const TEXT = IT_USERS.screen;

/** Why a control is disabled for this user (null: allowed). The API checks the same rules again. */
export interface UserRefusals {
  deactivate: string | null;
  remove: string | null;
  demote: string | null;
}

export function isLastActiveAdmin(user: ManagedUser, users: readonly ManagedUser[]): boolean {
  return user.role === 'admin' && user.active && users.filter((other) => other.role === 'admin' && other.active).length <= 1;
}

/** Nobody deactivates or deletes themselves; the last active admin stays one, and active. */
export function refusalsFor(user: ManagedUser, meId: string, users: readonly ManagedUser[]): UserRefusals {
  const lastAdmin = isLastActiveAdmin(user, users);
  const self = user.id === meId;
  const keep = self ? TEXT.selfReason : lastAdmin ? TEXT.lastAdminReason : null;
  return { deactivate: keep, remove: keep, demote: lastAdmin ? TEXT.lastAdminRoleReason : null };
}
