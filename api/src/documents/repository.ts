import { and, desc, eq } from 'drizzle-orm';
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
