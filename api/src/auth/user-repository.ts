import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../db/database';
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

export async function findUserById(tx: Tx, companyId: string, userId: string) {
  const [row] = await tx
    .select(userColumns)
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  return row ?? null;
}

export async function findUserByUsername(tx: Tx, companyId: string, username: string) {
  const [row] = await tx
    .select(userColumns)
    .from(users)
    .where(and(eq(users.companyId, companyId), sql`lower(${users.username}) = lower(${username})`));
  return row ?? null;
}

export async function findUserByEmail(tx: Tx, companyId: string, email: string) {
  const [row] = await tx
    .select(userColumns)
    .from(users)
    .where(and(eq(users.companyId, companyId), sql`lower(${users.email}) = lower(${email})`));
  return row ?? null;
}

export async function emailUsedByAnother(tx: Tx, companyId: string, userId: string, email: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), ne(users.id, userId), sql`lower(${users.email}) = lower(${email})`));
  return row !== undefined;
}

export async function updateProfile(
  tx: Tx,
  companyId: string,
  userId: string,
  profile: { email: string; firstName: string | null; lastName: string | null },
) {
  const [row] = await tx
    .update(users)
    .set(profile)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
    .returning(userColumns);
  return row ?? null;
}

export async function updatePasswordHash(tx: Tx, companyId: string, userId: string, passwordHash: string): Promise<void> {
  await tx
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
}
