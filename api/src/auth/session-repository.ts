import { and, eq, lt, ne, or } from 'drizzle-orm';
import { markCompanyChanged, type Tx } from '../db/database';
import { sessions } from '../db/schema';

export interface NewSession {
  id: string;
  companyId: string;
  userId: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

export async function insertSession(tx: Tx, session: NewSession): Promise<void> {
  await tx.insert(sessions).values(session);
}

export async function findSession(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(sessions)
    .where(and(eq(sessions.companyId, companyId), eq(sessions.id, id)));
  return row ?? null;
}

export async function touchSession(tx: Tx, companyId: string, id: string, lastSeenAt: Date): Promise<void> {
  await tx
    .update(sessions)
    .set({ lastSeenAt })
    .where(and(eq(sessions.companyId, companyId), eq(sessions.id, id)));
}

/**
 * Deletes the session (signed out, expired) and answers whose it was, or null when there was none;
 * the caches that hold it drop it once committed.
 */
export async function deleteSession(tx: Tx, companyId: string, id: string): Promise<string | null> {
  markCompanyChanged(tx, companyId);
  const [row] = await tx
    .delete(sessions)
    .where(and(eq(sessions.companyId, companyId), eq(sessions.id, id)))
    .returning({ userId: sessions.userId });
  return row?.userId ?? null;
}

/** Every session of the user, except `keepId` when given. */
export async function deleteUserSessions(tx: Tx, companyId: string, userId: string, keepId?: string): Promise<void> {
  markCompanyChanged(tx, companyId);
  const scope = and(eq(sessions.companyId, companyId), eq(sessions.userId, userId));
  await tx.delete(sessions).where(keepId ? and(scope, ne(sessions.id, keepId)) : scope);
}

export async function deleteDeadUserSessions(tx: Tx, companyId: string, userId: string, now: Date, idleSince: Date): Promise<void> {
  await tx
    .delete(sessions)
    .where(and(eq(sessions.companyId, companyId), eq(sessions.userId, userId), or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleSince))));
}
