import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { companies } from './tenancy';
import { createdAt } from './columns';

/**
 * The rich-text editor's images (and the logo), stored through the uploads port under
 * `storage_key`: one row per stored image, so that they count, with the rooms' documents and chat
 * files, against the company's one storage quota and its uploaders' one upload rate.
 */
export const editorImages = pgTable(
  'editor_images',
  {
    storageKey: text('storage_key').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    uploadedBy: text('uploaded_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('editor_images_uploader_idx').on(t.companyId, t.uploadedBy, t.createdAt), check('editor_images_size_check', sql`${t.size} >= 0`)],
);
