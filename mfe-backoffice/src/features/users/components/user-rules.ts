import type { ManagedUser } from '@incontra/contracts/api/users';
import { IT_USERS } from '@incontra/contracts/messages/it-users';

const TEXT = IT_USERS.screen;

/** Why a control is disabled for this user (null: allowed). The API checks the same rules again. */
export interface UserRefusals {
  deactivate: string | null;
  remove: string | null;
  demote: string | null;
}

/** `activeAdmins`: the company's active admins, as the users' list counts them on every page. */
export function isLastActiveAdmin(user: ManagedUser, activeAdmins: number): boolean {
  return user.role === 'admin' && user.active && activeAdmins <= 1;
}

/** Nobody deactivates or deletes themselves; the last active admin stays one, and active. */
export function refusalsFor(user: ManagedUser, meId: string, activeAdmins: number): UserRefusals {
  const lastAdmin = isLastActiveAdmin(user, activeAdmins);
  const self = user.id === meId;
  const keep = self ? TEXT.selfReason : lastAdmin ? TEXT.lastAdminReason : null;
  return { deactivate: keep, remove: keep, demote: lastAdmin ? TEXT.lastAdminRoleReason : null };
}
