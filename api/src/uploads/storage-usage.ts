import { and, count, eq, gt, sql, sum } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { documents, editorImages } from '../db/schema';

/*
 * The one account of what a company stores through the uploads port: every stored file has a row,
 * a room's documents and chat files in `documents`, the editor's images in `editor_images`. The
 * quota and the upload rate count both tables, so no upload route escapes them.
 */

/**
 * Holds the company's upload lock until the transaction ends: every upload of the company, on any
 * route and any API process, counts and writes its row one after the other, so parallel uploads
 * never pass a limit together. A transaction-level advisory lock: nothing to release, nothing left
 * by a crash. (The key keeps the name it had when only documents took it.)
 */
export async function lockCompanyStorage(tx: Tx, companyId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`incontra:documents:${companyId}`}, 0))`);
}

export interface StorageUsage {
  /** Files this uploader stored since `since` (the last minute), on every upload route. */
  uploaderRecent: number;
  /** Bytes all of the company's stored files take. */
  companyBytes: number;
}

export async function storageUsage(tx: Tx, companyId: string, uploadedBy: string, since: Date): Promise<StorageUsage> {
  const [recentDocuments] = await tx
    .select({ files: count() })
    .from(documents)
    .where(and(eq(documents.companyId, companyId), eq(documents.uploadedBy, uploadedBy), gt(documents.createdAt, since)));
  const [recentImages] = await tx
    .select({ files: count() })
    .from(editorImages)
    .where(and(eq(editorImages.companyId, companyId), eq(editorImages.uploadedBy, uploadedBy), gt(editorImages.createdAt, since)));
  const [documentBytes] = await tx
    .select({ bytes: sum(documents.size) })
    .from(documents)
    .where(eq(documents.companyId, companyId));
  const [imageBytes] = await tx
    .select({ bytes: sum(editorImages.size) })
    .from(editorImages)
    .where(eq(editorImages.companyId, companyId));
  return {
    uploaderRecent: (recentDocuments?.files ?? 0) + (recentImages?.files ?? 0),
    companyBytes: Number(documentBytes?.bytes ?? 0) + Number(imageBytes?.bytes ?? 0),
  };
}

/** Files one room holds, documents and chat files together. */
export async function roomFileCount(tx: Tx, companyId: string, roomId: string): Promise<number> {
  const [room] = await tx
    .select({ files: count() })
    .from(documents)
    .where(and(eq(documents.companyId, companyId), eq(documents.roomId, roomId)));
  return room?.files ?? 0;
}
