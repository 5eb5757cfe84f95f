import { and, eq, gt, lte } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { rooms, videoRoomRevocations } from '../db/schema';

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
