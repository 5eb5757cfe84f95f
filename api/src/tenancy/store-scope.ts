import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { rooms, userStores, users } from '../db/schema';

/*
 * Which stores a staff member acts for: the one rule behind the lobby's queue and answers, the
 * video room's entry and kicks, and a room's files. Whatever a store owns (its requests, rooms,
 * files) is out of reach of staff who do not serve it, and answers as if it did not exist.
 */

/**
 * The stores a staff member serves; null means every store. An admin always serves every store
 * (their user_stores rows, if any, do not limit them); an operator serves the stores their rows
 * name, or every store when none does. Someone who is not a user of the company serves none.
 */
export async function servedStoreIds(tx: Tx, companyId: string, userId: string): Promise<string[] | null> {
  const rows = await tx
    .select({ role: users.role, storeId: userStores.storeId })
    .from(users)
    .leftJoin(userStores, and(eq(userStores.userId, users.id), eq(userStores.companyId, users.companyId)))
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  const [first] = rows;
  if (!first) return [];
  if (first.role === 'admin') return null;
  const storeIds = rows.flatMap((row) => (row.storeId === null ? [] : [row.storeId]));
  return storeIds.length === 0 ? null : storeIds;
}

/** Whether the staff member serves the store. */
export async function servesStore(tx: Tx, companyId: string, userId: string, storeId: string): Promise<boolean> {
  const storeIds = await servedStoreIds(tx, companyId, userId);
  return storeIds === null || storeIds.includes(storeId);
}

/** Whether the room exists in the company and belongs to a store the staff member serves. */
export async function servesRoom(tx: Tx, companyId: string, userId: string, roomId: string): Promise<boolean> {
  const [room] = await tx
    .select({ storeId: rooms.storeId })
    .from(rooms)
    .where(and(eq(rooms.companyId, companyId), eq(rooms.id, roomId)));
  return room !== undefined && (await servesStore(tx, companyId, userId, room.storeId));
}
