import type { Tx } from '../../db/database';
import { editorImages } from '../../db/schema';

/* Queries only: the limits and the stored content are the upload's (upload-image.ts). */

export type NewEditorImage = typeof editorImages.$inferInsert;

/** The row that counts a stored image against the company's quota and its uploader's rate. */
export async function insertEditorImage(tx: Tx, image: NewEditorImage): Promise<void> {
  await tx.insert(editorImages).values(image);
}
