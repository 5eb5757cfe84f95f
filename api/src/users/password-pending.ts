import { sql } from 'drizzle-orm';
import { decoyHash } from '../auth/password-hasher';
import { users } from '../db/schema';

/*
 * A user who has not chosen a password yet holds a hash nobody can match: the decoy's (a random
 * password never kept) under another salt, marked. Signing in with it costs a full scrypt like any
 * account, so timing tells nobody that the account still waits for its password, and no other
 * column is needed to know it.
 */
const PENDING_SALT_MARK = 'pending';

/** The password hash of a user who is still to choose one. */
export async function pendingPasswordHash(): Promise<string> {
  const [scheme, n, r, p, salt, hash] = (await decoyHash()).split('$');
  return [scheme, n, r, p, `${PENDING_SALT_MARK}${salt}`, hash].join('$');
}

/** True when the user has chosen a password (the salt, fifth field of the hash, is not marked). */
export const passwordChosenSql = sql<boolean>`(split_part(${users.passwordHash}, '$', 5) not like ${`${PENDING_SALT_MARK}%`})`;
