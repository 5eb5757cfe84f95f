import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { ListRequest } from '@incontra/contracts/api/list-page';
import type { UserSortKey } from '@incontra/contracts/api/users';
import { markCompanyChanged, type Tx } from '../db/database';
import { offsetOf, orderOf, searchCondition, totalOf, totalOverSql } from '../db/list-page';
import { stores, userStores, users } from '../db/schema';
import { passwordChosenSql } from './password-pending';

/*
 * The users table's one repository: the accounts that sign in (auth reads them through
 * users/facade.ts) and the staff the back office manages.
 */

/** Who a user is, as both the sessions and the back office read them. */
const personColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  active: users.active,
};

/** A user as their sessions know them: what signing in, a password and a profile change need. */
const accountColumns = { ...personColumns, companyId: users.companyId, passwordHash: users.passwordHash };

export type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

/** One user of the company matching `condition`: the company scope is never left to the caller. */
async function findOneUser(tx: Tx, companyId: string, condition: SQL) {
  const [row] = await tx
    .select(accountColumns)
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

export async function updateProfile(tx: Tx, companyId: string, userId: string, profile: { email: string; firstName: string | null; lastName: string | null }) {
  markCompanyChanged(tx, companyId);
  const [row] = await tx
    .update(users)
    .set(profile)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
    .returning(accountColumns);
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

/** A user as the back office lists them. */
const managedColumns = {
  ...personColumns,
  createdAt: users.createdAt,
  passwordChosen: passwordChosenSql,
};

export type ManagedUserRow = Awaited<ReturnType<typeof selectUser>>[number] & { storeIds: string[] };

function selectUser(tx: Tx, companyId: string, userId: string) {
  return tx
    .select(managedColumns)
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
}

/** The stores these users serve (none: every store). */
function selectUserStores(tx: Tx, companyId: string, userIds: string[]) {
  return tx
    .select({ userId: userStores.userId, storeId: userStores.storeId })
    .from(userStores)
    .where(and(eq(userStores.companyId, companyId), inArray(userStores.userId, userIds)));
}

/** What a users' page is ordered by: the key a header chose, then the username, then the id. */
const USER_ORDER: Record<UserSortKey, SQL> = {
  // The name the back office shows: first and last name, the username when there is neither.
  name: sql`lower(coalesce(nullif(concat_ws(' ', ${users.firstName}, ${users.lastName}), ''), ${users.username}))`,
  email: sql`lower(${users.email})`,
  // 'admin' before 'operator', as «Amministratore» before «Operatore».
  role: sql`${users.role}`,
  // Active ones first.
  status: sql`(not ${users.active})`,
};

export interface ManagedUsersPage {
  rows: ManagedUserRow[];
  total: number;
  /** Every active admin of the company, on whatever page they are: the last one may not go. */
  activeAdmins: number;
}

/**
 * One page of the company's users with their stores: the page (its total carried on each row),
 * then the stores of those users only, then the count of active admins. Searched by username,
 * e-mail and name; by username unless a header chose another order.
 */
export async function listUsersPage(tx: Tx, companyId: string, request: ListRequest<UserSortKey>): Promise<ManagedUsersPage> {
  const where = and(eq(users.companyId, companyId), searchCondition(request.q, [users.username, users.email, users.firstName, users.lastName]));
  const rows = await tx
    .select({ ...managedColumns, total: totalOverSql })
    .from(users)
    .where(where)
    .orderBy(...orderOf(request, USER_ORDER, [sql`lower(${users.username})`], users.id))
    .limit(request.pageSize)
    .offset(offsetOf(request));
  const total = await totalOf(rows, request, async () => {
    const [row] = await tx
      .select({ value: sql<number>`count(*)::int` })
      .from(users)
      .where(where);
    return row?.value ?? 0;
  });
  const served =
    rows.length > 0
      ? await selectUserStores(
          tx,
          companyId,
          rows.map((row) => row.id),
        )
      : [];
  const storeIds = new Map<string, string[]>();
  for (const { userId, storeId } of served) storeIds.set(userId, [...(storeIds.get(userId) ?? []), storeId]);
  return {
    rows: rows.map(({ total: _total, ...row }) => ({ ...row, storeIds: storeIds.get(row.id)?.sort() ?? [] })),
    total,
    activeAdmins: await countActiveAdmins(tx, companyId),
  };
}

/** Holds the user's row until the transaction ends (a room join holds it shared meanwhile). */
export async function lockUser(tx: Tx, companyId: string, userId: string): Promise<void> {
  await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
    .for('update');
}

export async function findManagedUser(tx: Tx, companyId: string, userId: string): Promise<ManagedUserRow | null> {
  const [row] = await selectUser(tx, companyId, userId);
  if (!row) return null;
  const served = await selectUserStores(tx, companyId, [userId]);
  return { ...row, storeIds: served.map((store) => store.storeId).sort() };
}

export async function countActiveAdmins(tx: Tx, companyId: string): Promise<number> {
  const [row] = await tx
    .select({ value: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, 'admin'), eq(users.active, true)));
  return row?.value ?? 0;
}

/** Which of the two (lower-cased) values another user of the company already has. */
export async function takenFields(tx: Tx, companyId: string, exceptUserId: string | null, values: { username?: string; email?: string }) {
  const others = and(eq(users.companyId, companyId), exceptUserId ? ne(users.id, exceptUserId) : undefined);
  const has = async (column: typeof users.username | typeof users.email, value: string | undefined) => {
    if (value === undefined) return false;
    const [row] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(others, sql`lower(${column}) = lower(${value})`))
      .limit(1);
    return row !== undefined;
  };
  return { username: await has(users.username, values.username), email: await has(users.email, values.email) };
}

/** Whether every id is a store of the company (row-level security hides the others' anyway). */
export async function allStoresOfCompany(tx: Tx, companyId: string, storeIds: readonly string[]): Promise<boolean> {
  if (storeIds.length === 0) return true;
  const rows = await tx
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.companyId, companyId), inArray(stores.id, [...storeIds])));
  return rows.length === storeIds.length;
}

export interface NewUser {
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: string;
  passwordHash: string;
}

export async function insertUser(tx: Tx, companyId: string, user: NewUser): Promise<string> {
  const [row] = await tx
    .insert(users)
    .values({ ...user, companyId, active: true })
    .returning({ id: users.id });
  if (!row) throw new Error('insert into users returned no row');
  return row.id;
}

export interface UserChanges {
  username?: string;
  email?: string;
  firstName?: string | null;
  lastName?: string | null;
  role?: string;
  active?: boolean;
}

export async function updateUser(tx: Tx, companyId: string, userId: string, changes: UserChanges): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await tx
    .update(users)
    .set(changes)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
}

/** The user's stores become exactly `storeIds`. */
export async function replaceUserStores(tx: Tx, companyId: string, userId: string, storeIds: readonly string[]): Promise<void> {
  await tx.delete(userStores).where(and(eq(userStores.companyId, companyId), eq(userStores.userId, userId)));
  if (storeIds.length > 0) await tx.insert(userStores).values(storeIds.map((storeId) => ({ companyId, userId, storeId })));
}

/** The user, their stores, sessions and reset links (the last three by cascade). */
export async function deleteUser(tx: Tx, companyId: string, userId: string): Promise<void> {
  await tx.delete(users).where(and(eq(users.companyId, companyId), eq(users.id, userId)));
}
