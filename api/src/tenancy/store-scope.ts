import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/database';
import { rooms, stores, userStores, users } from '../db/schema';

/*
 * Which stores a staff member acts for: the one rule behind the rooms' and stores' lists, the
 * agenda, the store's staff e-mails, the lobby's queue and answers, the video room's entry and
 * kicks, and a room's files. Whatever a store owns (its requests, rooms, files) is out of reach of
 * staff who do not serve it, and answers as if it did not exist.
 */

// The user asked about, under its own name: the predicate may sit in a query over users itself.
const server = alias(users, 'store_scope_user');

/**
 * SQL: the user serves the store. An admin always serves every store (their user_stores rows, if
 * any, do not limit them); an operator serves the stores their rows name, or every store when none
 * does. Someone who is not a user of the company serves none. `userId` and `storeId` are values or
 * columns of the outer query (a list of rooms, the users of a store). The role is read in the same
 * statement as the rows it filters, never from an older copy.
 */
export function servesStoreWhere(companyId: string, userId: string | AnyColumn, storeId: string | AnyColumn | null): SQL {
  const rowsOf = sql`select 1 from ${userStores} where ${userStores.companyId} = ${companyId} and ${userStores.userId} = ${server.id}`;
  return sql`exists (select 1 from ${users} as ${server} where ${server.companyId} = ${companyId} and ${server.id} = ${userId} and (${server.role} = 'admin' or not exists (${rowsOf}) or exists (${rowsOf} and ${userStores.storeId} = ${storeId})))`;
}

/** Whether the staff member serves the store (null: one no row names, i.e. every store), by the same predicate. */
export async function servesStore(tx: Tx, companyId: string, userId: string, storeId: string | null): Promise<boolean> {
  const [row] = await tx.select({ serves: servesStoreWhere(companyId, userId, storeId).mapWith(Boolean) }).from(sql`(select 1) as one`);
  return row?.serves === true;
}

/** Whether the room exists in the company and belongs to a store the staff member serves. */
export async function servesRoom(tx: Tx, companyId: string, userId: string, roomId: string): Promise<boolean> {
  const [room] = await tx
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(eq(rooms.companyId, companyId), eq(rooms.id, roomId), servesStoreWhere(companyId, userId, rooms.storeId)));
  return room !== undefined;
}

/**
 * The stores a staff member serves, as ids in memory; null means every store (also those created
 * later). Only for filters that run outside the database (the lobby's live queue hears events one
 * by one): a query filters with servesStoreWhere. Serving a store that no user_stores row names is
 * serving every store.
 */
export async function servedStoreIds(tx: Tx, companyId: string, userId: string): Promise<string[] | null> {
  if (await servesStore(tx, companyId, userId, null)) return null;
  const rows = await tx
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.companyId, companyId), servesStoreWhere(companyId, userId, stores.id)));
  return rows.map((row) => row.id);
}
