import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { rooms, stores, topics } from '../db/schema';
import { servesStoreWhere } from '../tenancy/store-scope';

/*
 * Queries only. Every read filters by company_id even though row-level security would hide
 * other companies' rows anyway.
 */

export interface StoreFields {
  name: string;
  address: string | null;
  requirePhoneVerification: boolean | null;
}

// Spelled out: drizzle leaves a column unqualified in a one-table select, which inside these
// subqueries would name the room's or topic's own id.
const roomCount = sql<number>`(select count(*) from ${rooms} where ${rooms}.store_id = ${stores}.id)`.mapWith(Number);
const topicCount = sql<number>`(select count(*) from ${topics} where ${topics}.store_id = ${stores}.id)`.mapWith(Number);
const managedStoreColumns = {
  id: stores.id,
  name: stores.name,
  address: stores.address,
  wall: stores.wall,
  requirePhoneVerification: stores.requirePhoneVerification,
  roomCount,
  topicCount,
};

/** The stores the staff member serves, by name. */
export async function listStores(tx: Tx, companyId: string, staffUserId: string) {
  const where = and(eq(stores.companyId, companyId), servesStoreWhere(companyId, staffUserId, stores.id));
  return tx.select(managedStoreColumns).from(stores).where(where).orderBy(asc(stores.name), asc(stores.id));
}

export async function findStore(tx: Tx, companyId: string, storeId: string) {
  const [row] = await tx
    .select(managedStoreColumns)
    .from(stores)
    .where(and(eq(stores.companyId, companyId), eq(stores.id, storeId)));
  return row ?? null;
}

/**
 * Holds the store's row until the transaction ends: a reservation being added for it (its foreign
 * key takes a share lock on the row) is then either already visible or waits for the delete.
 */
export async function lockStore(tx: Tx, companyId: string, storeId: string): Promise<{ name: string } | null> {
  const [row] = await tx
    .select({ name: stores.name })
    .from(stores)
    .where(and(eq(stores.companyId, companyId), eq(stores.id, storeId)))
    .for('update');
  return row ?? null;
}

/**
 * Store names are unique per company whatever their case, which the database's (case-sensitive)
 * constraint does not say: creates and renames of a company take this lock, so that two of them
 * cannot both find "Roma" and "roma" free.
 */
export async function lockStoreNames(tx: Tx, companyId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('incontra.store-names'), hashtext(${companyId}))`);
}

export async function storeNameTaken(tx: Tx, companyId: string, name: string, exceptStoreId?: string): Promise<boolean> {
  const conditions: SQL[] = [eq(stores.companyId, companyId), sql`lower(${stores.name}) = lower(${name})`];
  if (exceptStoreId) conditions.push(ne(stores.id, exceptStoreId));
  const [row] = await tx
    .select({ id: stores.id })
    .from(stores)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}

export async function insertStore(tx: Tx, companyId: string, fields: StoreFields): Promise<string> {
  const [row] = await tx
    .insert(stores)
    .values({ companyId, ...fields })
    .returning({ id: stores.id });
  return row!.id;
}

export async function updateStore(tx: Tx, companyId: string, storeId: string, fields: Partial<StoreFields>): Promise<void> {
  if (Object.keys(fields).length === 0) return;
  await tx
    .update(stores)
    .set(fields)
    .where(and(eq(stores.companyId, companyId), eq(stores.id, storeId)));
}

/** Rooms, topics and everything under them go with it (the foreign keys cascade). */
export async function deleteStore(tx: Tx, companyId: string, storeId: string): Promise<void> {
  await tx.delete(stores).where(and(eq(stores.companyId, companyId), eq(stores.id, storeId)));
}
