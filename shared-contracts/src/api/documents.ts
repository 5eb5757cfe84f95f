import * as z from 'zod/mini';

export const DOCUMENT_KINDS = ['document', 'chat'] as const;
export const documentKindSchema = z.enum(DOCUMENT_KINDS);
export type DocumentKind = z.infer<typeof documentKindSchema>;

/** Largest file a room accepts, documents and chat files alike. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** What a room accepts: type → the extensions that may carry it. The content is sniffed too. */
export const UPLOAD_TYPES: Record<string, readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'text/plain': ['txt'],
  'text/csv': ['csv'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
};

/**
 * GET /api/room/{id}/documents query: `kind` `document` (the default) lists the room's documents,
 * `chat` the files sent in its chat (staff only, either way).
 */
export const roomDocumentsQuerySchema = z.object({ kind: z.optional(documentKindSchema) });
export type RoomDocumentsQuery = z.infer<typeof roomDocumentsQuerySchema>;

/** GET /api/room/{id}/documents item, and the answer of an upload. */
export const roomDocumentSchema = z.object({
  id: z.uuid(),
  roomId: z.uuid(),
  kind: documentKindSchema,
  name: z.string(),
  mimeType: z.string(),
  size: z.int(),
  /** Download link (Content-Disposition: attachment); a signed link, usable by anyone in the room until it expires. */
  url: z.string(),
  createdAt: z.string(),
});
export type RoomDocument = z.infer<typeof roomDocumentSchema>;
export const roomDocumentsSchema = z.array(roomDocumentSchema);
