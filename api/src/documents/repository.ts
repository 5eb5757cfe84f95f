import { and, asc, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { documents } from '../db/schema';

/* Queries only; every read filters by company_id although row-level security hides other rows too. */

export type DocumentRow = typeof documents.$inferSelect;
export type NewDocument = typeof documents.$inferInsert;

/** Rooms are read through the tenancy domain's facade: it answers whether one exists. */
export { roomExists } from '../tenancy/facade';

/** Newest first; the id breaks ties so that the order is stable. */
export function listRoomDocuments(tx: Tx, companyId: string, roomId: string, kind: string): Promise<DocumentRow[]> {
  return tx
    .select()
    .from(documents)
    .where(and(eq(documents.companyId, companyId), eq(documents.roomId, roomId), eq(documents.kind, kind)))
    .orderBy(desc(documents.createdAt), desc(documents.id));
}

export async function insertDocument(tx: Tx, document: NewDocument): Promise<DocumentRow> {
  const [row] = await tx.insert(documents).values(document).returning();
  if (!row) throw new Error('insert into documents returned no row');
  return row;
}

export async function findDocument(tx: Tx, companyId: string, id: string): Promise<DocumentRow | null> {
  const [row] = await tx
    .select()
    .from(documents)
    .where(and(eq(documents.companyId, companyId), eq(documents.id, id)));
  return row ?? null;
}

/** The deleted row's storage key, or null when there was no such row. */
export async function deleteDocument(tx: Tx, companyId: string, id: string): Promise<string | null> {
  const [row] = await tx
    .delete(documents)
    .where(and(eq(documents.companyId, companyId), eq(documents.id, id)))
    .returning({ storageKey: documents.storageKey });
  return row?.storageKey ?? null;
}

/** The company's one upload lock, shared with every upload route (see uploads/storage-usage). */
export { lockCompanyStorage as lockCompanyUploads } from '../uploads/storage-usage';

/**
 * Deletes up to `limit` chat files of the company stored before `before`, oldest first, and
 * answers their storage keys. Rows another process is deleting at the same moment are skipped
 * (SKIP LOCKED), so that several processes sweeping together share the work and each row is
 * deleted, and its key answered, exactly once.
 */
export async function deleteChatFilesBefore(tx: Tx, companyId: string, before: Date, limit: number): Promise<string[]> {
  const expired = tx
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.companyId, companyId), eq(documents.kind, 'chat'), lt(documents.createdAt, before)))
    .orderBy(asc(documents.createdAt), asc(documents.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await tx
    .delete(documents)
    .where(and(eq(documents.companyId, companyId), inArray(documents.id, expired)))
    .returning({ storageKey: documents.storageKey });
  return rows.map((row) => row.storageKey);
}
