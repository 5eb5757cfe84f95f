import { and, count, eq, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ListRequest } from '@incontra/contracts/api/list-page';
import type { RoomSortKey } from '@incontra/contracts/api/room-management';
import type { Tx } from '../db/database';
import { offsetOf, orderOf, searchCondition, totalOf, totalOverSql } from '../db/list-page';
import { documents, rooms, stores } from '../db/schema';
import { servesStoreWhere } from '../tenancy/store-scope';

/*
 * Queries only. Every read filters by company_id even though row-level security would hide
 * other companies' rows anyway.
 */

export interface RoomFields {
  name: string;
  maxParticipants: number | null;
}

const managedRoomColumns = {
  id: rooms.id,
  storeId: rooms.storeId,
  storeName: stores.name,
  name: rooms.name,
  reservationSlots: rooms.reservationSlots,
  slotDuration: rooms.slotDuration,
  maxParticipants: rooms.maxParticipants,
};

/** What a rooms' page is ordered by: the key a header chose, then store and name, then the id. */
const ROOM_ORDER: Record<RoomSortKey, SQL | AnyColumn> = {
  name: sql`lower(${rooms.name})`,
  store: sql`lower(${stores.name})`,
  reservationSlots: rooms.reservationSlots,
  slotDuration: rooms.slotDuration,
  // No limit is the most a room takes: after every number going up, first going down (the
  // largest integer the column holds, written in the SQL: a parameter would be typed as the column).
  maxParticipants: sql`coalesce(${rooms.maxParticipants}, ${sql.raw(String(2 ** 31 - 1))})`,
};

/**
 * One page of the rooms of the stores a staff member serves (its total carried on each row), by
 * store then name unless a header chose another order; `storeId` narrows to one store; searched by
 * room and store name.
 */
export async function listRoomsPage(tx: Tx, companyId: string, staffUserId: string, request: ListRequest<RoomSortKey>, storeId?: string) {
  const where = and(
    eq(rooms.companyId, companyId),
    servesStoreWhere(companyId, staffUserId, rooms.storeId),
    storeId ? eq(rooms.storeId, storeId) : undefined,
    searchCondition(request.q, [rooms.name, stores.name]),
  );
  const joined = and(eq(stores.id, rooms.storeId), eq(stores.companyId, rooms.companyId));
  const rows = await tx
    .select({ ...managedRoomColumns, total: totalOverSql })
    .from(rooms)
    .innerJoin(stores, joined)
    .where(where)
    .orderBy(...orderOf(request, ROOM_ORDER, [sql`lower(${stores.name})`, sql`lower(${rooms.name})`], rooms.id))
    .limit(request.pageSize)
    .offset(offsetOf(request));
  const total = await totalOf(rows, request, async () => {
    const [row] = await tx.select({ value: count() }).from(rooms).innerJoin(stores, joined).where(where);
    return row?.value ?? 0;
  });
  return { rows: rows.map(({ total: _total, ...row }) => row), total };
}

export type ManagedRoomRow = Awaited<ReturnType<typeof listRoomsPage>>['rows'][number];

/** One room; `forUpdate` holds its row until the transaction ends (see deleteRoom). */
export async function findRoom(tx: Tx, companyId: string, roomId: string, { forUpdate = false } = {}): Promise<ManagedRoomRow | null> {
  const query = tx
    .select(managedRoomColumns)
    .from(rooms)
    .innerJoin(stores, and(eq(stores.id, rooms.storeId), eq(stores.companyId, rooms.companyId)))
    .where(and(eq(rooms.companyId, companyId), eq(rooms.id, roomId)));
  const [row] = forUpdate ? await query.for('update', { of: rooms }) : await query;
  return row ?? null;
}

export async function findStoreName(tx: Tx, companyId: string, storeId: string): Promise<string | null> {
  const [row] = await tx
    .select({ name: stores.name })
    .from(stores)
    .where(and(eq(stores.companyId, companyId), eq(stores.id, storeId)));
  return row?.name ?? null;
}

/**
 * Room names are unique per store whatever their case, which the database's (case-sensitive)
 * constraint does not say: creates and renames in a store take this lock, so that two of them
 * cannot both find "Sala 1" and "sala 1" free.
 */
export async function lockRoomNames(tx: Tx, storeId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('incontra.room-names'), hashtext(${storeId}))`);
}

export async function roomNameTaken(tx: Tx, companyId: string, storeId: string, name: string, exceptRoomId?: string): Promise<boolean> {
  const conditions: SQL[] = [eq(rooms.companyId, companyId), eq(rooms.storeId, storeId), sql`lower(${rooms.name}) = lower(${name})`];
  if (exceptRoomId) conditions.push(ne(rooms.id, exceptRoomId));
  const [row] = await tx
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}

export async function insertRoom(tx: Tx, companyId: string, storeId: string, fields: RoomFields): Promise<string> {
  const [row] = await tx
    .insert(rooms)
    .values({ companyId, storeId, ...fields })
    .returning({ id: rooms.id });
  return row!.id;
}

export async function updateRoom(
  tx: Tx,
  companyId: string,
  roomId: string,
  fields: Partial<RoomFields & { reservationSlots: number; slotDuration: number }>,
): Promise<void> {
  if (Object.keys(fields).length === 0) return;
  await tx
    .update(rooms)
    .set(fields)
    .where(and(eq(rooms.companyId, companyId), eq(rooms.id, roomId)));
}

/**
 * Deletes the room; its opening, exceptions, translations, topic links, past reservations,
 * requests and document rows go with it (the foreign keys cascade). Answers the storage keys of
 * its files, to be removed once the transaction has committed.
 */
export async function deleteRoom(tx: Tx, companyId: string, roomId: string): Promise<string[]> {
  const files = await tx
    .select({ key: documents.storageKey })
    .from(documents)
    .where(and(eq(documents.companyId, companyId), eq(documents.roomId, roomId)));
  await tx.delete(rooms).where(and(eq(rooms.companyId, companyId), eq(rooms.id, roomId)));
  return files.map((file) => file.key);
}
