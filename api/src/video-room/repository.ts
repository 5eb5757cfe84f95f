import { and, eq, gt, isNull, lte, ne, or } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { rooms, sessions, users, videoRoomRevocations, videoRoomStaffEntries } from '../db/schema';

export async function findRoom(tx: Tx, companyId: string, roomId: string) {
  const [row] = await tx
    .select({ id: rooms.id, name: rooms.name, maxParticipants: rooms.maxParticipants })
    .from(rooms)
    .where(and(eq(rooms.companyId, companyId), eq(rooms.id, roomId)));
  return row ?? null;
}

export interface RevocationRow {
  identity: string;
  companyId: string;
  roomId: string;
  revokedBy: string;
  expiresAt: Date;
}

/** A second kick of the same identity changes nothing. */
export async function insertRevocation(tx: Tx, row: RevocationRow): Promise<void> {
  await tx.insert(videoRoomRevocations).values(row).onConflictDoNothing({ target: videoRoomRevocations.identity });
}

export async function deleteExpiredRevocations(tx: Tx, companyId: string, now: Date): Promise<void> {
  await tx.delete(videoRoomRevocations).where(and(eq(videoRoomRevocations.companyId, companyId), lte(videoRoomRevocations.expiresAt, now)));
}

export async function findLiveRevocation(tx: Tx, companyId: string, identity: string, now: Date) {
  const [row] = await tx
    .select({ expiresAt: videoRoomRevocations.expiresAt })
    .from(videoRoomRevocations)
    .where(and(eq(videoRoomRevocations.companyId, companyId), eq(videoRoomRevocations.identity, identity), gt(videoRoomRevocations.expiresAt, now)));
  return row ?? null;
}

export interface StaffEntryRow {
  identity: string;
  companyId: string;
  roomId: string;
  userId: string;
  /** The session that joined (sessions.id); null when not known. */
  sessionId: string | null;
  expiresAt: Date;
}

/**
 * Whether the staff member is still active, their row locked until the transaction ends: a
 * deactivation or deletion running meanwhile waits for it, and then finds the entry it wrote.
 */
export async function lockActiveStaff(tx: Tx, companyId: string, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId), eq(users.active, true)))
    .for('share');
  return row !== undefined;
}

export async function insertStaffEntry(tx: Tx, row: StaffEntryRow): Promise<void> {
  await tx.insert(videoRoomStaffEntries).values(row);
}

export async function deleteExpiredStaffEntries(tx: Tx, companyId: string, now: Date): Promise<void> {
  await tx.delete(videoRoomStaffEntries).where(and(eq(videoRoomStaffEntries.companyId, companyId), lte(videoRoomStaffEntries.expiresAt, now)));
}

/** The staff member an identity was issued to; null for a guest's or an unknown identity. */
export async function findStaffEntryUser(tx: Tx, companyId: string, identity: string): Promise<string | null> {
  const [row] = await tx
    .select({ userId: videoRoomStaffEntries.userId })
    .from(videoRoomStaffEntries)
    .where(and(eq(videoRoomStaffEntries.companyId, companyId), eq(videoRoomStaffEntries.identity, identity)));
  return row?.userId ?? null;
}

/**
 * A staff member's entries whose tokens have not expired; with `exceptSessionId`, only those of
 * other sessions (an entry whose session is not known counts as another's).
 */
export function liveStaffEntriesOf(tx: Tx, companyId: string, userId: string, now: Date, sessions: { except?: string; only?: string } = {}) {
  const entries = videoRoomStaffEntries;
  const conditions = [eq(entries.companyId, companyId), eq(entries.userId, userId), gt(entries.expiresAt, now)];
  if (sessions.except !== undefined) conditions.push(or(isNull(entries.sessionId), ne(entries.sessionId, sessions.except))!);
  if (sessions.only !== undefined) conditions.push(eq(entries.sessionId, sessions.only));
  return tx
    .select({ identity: entries.identity, roomId: entries.roomId, expiresAt: entries.expiresAt })
    .from(entries)
    .where(and(...conditions));
}

/** Whether the session (its hash) still exists: one ended by a password change or a reset is gone. */
export async function sessionExists(tx: Tx, companyId: string, sessionId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.companyId, companyId), eq(sessions.id, sessionId)));
  return row !== undefined;
}
