import { UPLOAD_MAX_BYTES, UPLOAD_TYPES } from '@incontra/contracts/api/documents';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';

const EXTENSIONS = new Set(Object.values(UPLOAD_TYPES).flat());

/** What the `accept` attribute of a file input offers: the room's extensions. */
export const UPLOAD_ACCEPT = [...EXTENSIONS].map((extension) => `.${extension}`).join(',');

/** The API checks again (and sniffs the content); this only spares a doomed upload. Null when fine. */
export function uploadProblem(file: File): string | null {
  if (file.size > UPLOAD_MAX_BYTES) return IT_ROOM.fileTooLarge;
  const extension = file.name.includes('.') ? file.name.split('.').pop()?.toLowerCase() : undefined;
  if (!extension || !EXTENSIONS.has(extension)) return IT_ROOM.fileTypeRefused;
  return null;
}
