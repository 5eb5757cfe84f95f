import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { rooms, stores, topicRooms, topics } from '../db/schema';

/* Queries only; every read filters by company_id, as row-level security does anyway. */

export interface TopicRow {
  id: string;
  storeId: string;
  name: string;
  /** Euro cents, VAT included; null: free. */
  price: number | null;
}

/** The store's topics by name, each with the rooms serving it (by room name; none: every room). */
export async function listTopics(tx: Tx, companyId: string, storeId: string) {
  const rows = await tx
    .select({ id: topics.id, storeId: topics.storeId, name: topics.name, price: topics.price })
    .from(topics)
    .where(and(eq(topics.companyId, companyId), eq(topics.storeId, storeId)))
    .orderBy(asc(topics.name), asc(topics.id));
  return withRoomIds(tx, companyId, rows);
}

export async function withRoomIds(tx: Tx, companyId: string, rows: TopicRow[]) {
  if (rows.length === 0) return [];
  const links = await tx
    .select({ topicId: topicRooms.topicId, roomId: topicRooms.roomId })
    .from(topicRooms)
    .innerJoin(rooms, and(eq(rooms.id, topicRooms.roomId), eq(rooms.companyId, topicRooms.companyId)))
    .where(
      and(
        eq(topicRooms.companyId, companyId),
        inArray(
          topicRooms.topicId,
          rows.map((row) => row.id),
        ),
      ),
    )
    .orderBy(asc(rooms.name), asc(rooms.id));
  return rows.map((row) => ({ ...row, roomIds: links.filter((link) => link.topicId === row.id).map((link) => link.roomId) }));
}

/** The topic with its store's name (for the activity log); held until the transaction ends. */
export async function lockTopic(tx: Tx, companyId: string, topicId: string) {
  const [row] = await tx
    .select({ id: topics.id, storeId: topics.storeId, name: topics.name, price: topics.price, storeName: stores.name })
    .from(topics)
    .innerJoin(stores, and(eq(stores.id, topics.storeId), eq(stores.companyId, topics.companyId)))
    .where(and(eq(topics.companyId, companyId), eq(topics.id, topicId)))
    .for('update', { of: topics });
  return row ?? null;
}

/** Like store names, topic names are unique per store whatever their case: see lockStoreNames. */
export async function lockTopicNames(tx: Tx, storeId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('incontra.topic-names'), hashtext(${storeId}))`);
}

export async function topicNameTaken(tx: Tx, companyId: string, storeId: string, name: string, exceptTopicId?: string): Promise<boolean> {
  const conditions: SQL[] = [eq(topics.companyId, companyId), eq(topics.storeId, storeId), sql`lower(${topics.name}) = lower(${name})`];
  if (exceptTopicId) conditions.push(ne(topics.id, exceptTopicId));
  const [row] = await tx
    .select({ id: topics.id })
    .from(topics)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}

export async function insertTopic(tx: Tx, companyId: string, storeId: string, name: string, price: number | null): Promise<TopicRow> {
  const [row] = await tx
    .insert(topics)
    .values({ companyId, storeId, name, price })
    .returning({ id: topics.id, storeId: topics.storeId, name: topics.name, price: topics.price });
  return row!;
}

export async function setTopicPrice(tx: Tx, companyId: string, topicId: string, price: number | null): Promise<void> {
  await tx
    .update(topics)
    .set({ price })
    .where(and(eq(topics.companyId, companyId), eq(topics.id, topicId)));
}

export async function renameTopic(tx: Tx, companyId: string, topicId: string, name: string): Promise<void> {
  await tx
    .update(topics)
    .set({ name })
    .where(and(eq(topics.companyId, companyId), eq(topics.id, topicId)));
}

export async function deleteTopic(tx: Tx, companyId: string, topicId: string): Promise<void> {
  await tx.delete(topics).where(and(eq(topics.companyId, companyId), eq(topics.id, topicId)));
}

/** Which of these ids are rooms of the store. */
export async function roomsOfStore(tx: Tx, companyId: string, storeId: string, roomIds: string[]): Promise<string[]> {
  if (roomIds.length === 0) return [];
  const rows = await tx
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(eq(rooms.companyId, companyId), eq(rooms.storeId, storeId), inArray(rooms.id, roomIds)));
  return rows.map((row) => row.id);
}

/** The topic is served by exactly these rooms from now on (none: every room of its store). */
export async function setTopicRooms(tx: Tx, companyId: string, topicId: string, roomIds: string[]): Promise<void> {
  await tx.delete(topicRooms).where(and(eq(topicRooms.companyId, companyId), eq(topicRooms.topicId, topicId)));
  if (roomIds.length > 0) await tx.insert(topicRooms).values(roomIds.map((roomId) => ({ companyId, topicId, roomId })));
}
