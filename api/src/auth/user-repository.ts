import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { markCompanyChanged, type Tx } from '../db/database';
import { users } from '../db/schema';

export const userColumns = {
  id: users.id,
  companyId: users.companyId,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  active: users.active,
  passwordHash: users.passwordHash,
};

export type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

/** One user of the company matching `condition`: the company scope is never left to the caller. */
async function findOneUser(tx: Tx, companyId: string, condition: SQL) {
  const [row] = await tx
    .select(userColumns)
    .from(users)
    .where(and(eq(users.companyId, companyId), condition));
  return row ?? null;
}

export function findUserById(tx: Tx, companyId: string, userId: string) {
  return findOneUser(tx, companyId, eq(users.id, userId));
}

/** Usernames and e-mails match whatever their case. */
export function findUserByUsername(tx: Tx, companyId: string, username: string) {
  return findOneUser(tx, companyId, sql`lower(${users.username}) = lower(${username})`);
}

export function findUserByEmail(tx: Tx, companyId: string, email: string) {
  return findOneUser(tx, companyId, sql`lower(${users.email}) = lower(${email})`);
}

export async function emailUsedByAnother(tx: Tx, companyId: string, userId: string, email: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), ne(users.id, userId), sql`lower(${users.email}) = lower(${email})`));
  return row !== undefined;
}

export async function updateProfile(tx: Tx, companyId: string, userId: string, profile: { email: string; firstName: string | null; lastName: string | null }) {
  markCompanyChanged(tx, companyId);
  const [row] = await tx
    .update(users)
    .set(profile)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
    .returning(userColumns);
  return row ?? null;
}

/** A chosen password shows in the users' list; the sessions it ends are dropped from the caches. */
export async function updatePasswordHash(tx: Tx, companyId: string, userId: string, passwordHash: string): Promise<void> {
  markCompanyChanged(tx, companyId);
  await tx
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
}
