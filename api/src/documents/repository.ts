import { and, asc, count, desc, eq, gt, inArray, lt, sql, sum } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { documents } from '../db/schema';

/* Queries only; every read filters by company_id although row-level security hides other rows too. */

export type DocumentRow = typeof documents.$inferSelect;
export type NewDocument = typeof documents.$inferInsert;

/** Rooms belong to the tenancy domain: its query answers whether one exists. */
export { roomExists } from '../tenancy/repository';

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

/**
 * Holds the company's upload lock until the transaction ends: the uploads of one company count
 * and insert one after the other (on every API process), so that parallel uploads never pass a
 * limit together. A transaction-level advisory lock: nothing to release, nothing left by a crash.
 */
export async function lockCompanyUploads(tx: Tx, companyId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`incontra:documents:${companyId}`}, 0))`);
}

/** What the upload limits count: stored files, as their rows say. */
export interface UploadUsage {
  /** Files this uploader stored since `since` (the last minute). */
  uploaderRecent: number;
  /** Files the room holds, documents and chat files together. */
  roomFiles: number;
  /** Bytes the company's files take. */
  companyBytes: number;
}

export async function uploadUsage(tx: Tx, companyId: string, roomId: string, uploadedBy: string, since: Date): Promise<UploadUsage> {
  const [recent] = await tx
    .select({ files: count() })
    .from(documents)
    .where(and(eq(documents.companyId, companyId), eq(documents.uploadedBy, uploadedBy), gt(documents.createdAt, since)));
  const [room] = await tx
    .select({ files: count() })
    .from(documents)
    .where(and(eq(documents.companyId, companyId), eq(documents.roomId, roomId)));
  const [company] = await tx
    .select({ bytes: sum(documents.size) })
    .from(documents)
    .where(eq(documents.companyId, companyId));
  return { uploaderRecent: recent?.files ?? 0, roomFiles: room?.files ?? 0, companyBytes: Number(company?.bytes ?? 0) };
}

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
