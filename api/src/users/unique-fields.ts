import { IT_USERS } from '@incontra/contracts/messages/it-users';
import { lockPlanUsage } from '../billing/plan-limits';
import type { Tx } from '../db/database';
import { HttpError } from '../http/http-error';
import * as repository from './user-repository';

export function takenError(field: 'username' | 'email'): HttpError {
  return new HttpError(409, field === 'username' ? IT_USERS.errors.usernameTaken : IT_USERS.errors.emailTaken, field);
}

/**
 * The one check that a username or e-mail is free in the company (whatever its case), for every
 * write of users: an admin's create or change and a staff member's own profile. It holds the
 * company's users lock (the plan's advisory lock, until the transaction ends) before it looks, so
 * that two writes cannot both find the same value free; the unique indexes stay behind it
 * (uniqueFieldOf).
 */
export async function assertUniqueFields(tx: Tx, companyId: string, exceptUserId: string | null, values: { username?: string; email?: string }): Promise<void> {
  await lockPlanUsage(tx, companyId);
  const taken = await repository.takenFields(tx, companyId, exceptUserId, values);
  if (taken.username) throw takenError('username');
  if (taken.email) throw takenError('email');
}

/** The username or e-mail unique index a write ran into, if that is what failed it. */
export function uniqueFieldOf(error: unknown): 'username' | 'email' | null {
  // Drizzle wraps the driver's error: the constraint is on the error or one of its causes.
  for (let cause = error, depth = 0; typeof cause === 'object' && cause !== null && depth < 5; depth += 1) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === '23505' && constraint === 'users_company_username_unique') return 'username';
    if (code === '23505' && constraint === 'users_company_email_unique') return 'email';
    cause = (cause as { cause?: unknown }).cause;
  }
  return null;
}
