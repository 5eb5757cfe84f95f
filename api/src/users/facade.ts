import type { Tx } from '../db/database';
import { assertUniqueFields } from './unique-fields';
import * as repository from './user-repository';

/*
 * What other domains may read and change of users, inside their own transaction: auth signs in,
 * resolves sessions and sets passwords through it (a domain calls another's facade, never its
 * repository: eslint.config.mjs).
 */

export { findUserByEmail, findUserById, findUserByUsername, updatePasswordHash, type UserRow } from './user-repository';

/** A staff member's own e-mail and name; the e-mail is checked as every write of users checks it. Null when the user is gone. */
export async function updateOwnProfile(
  tx: Tx,
  companyId: string,
  userId: string,
  profile: { email: string; firstName: string | null; lastName: string | null },
): Promise<repository.UserRow | null> {
  await assertUniqueFields(tx, companyId, userId, { email: profile.email });
  return repository.updateProfile(tx, companyId, userId, profile);
}
