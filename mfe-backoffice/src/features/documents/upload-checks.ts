import { UPLOAD_MAX_BYTES, UPLOAD_TYPES } from '@incontra/contracts/api/documents';
import { IT_DOCUMENTS } from '@incontra/contracts/messages/it-video-room';

export const UPLOAD_MAX_MEGABYTES = UPLOAD_MAX_BYTES / (1024 * 1024);

const EXTENSIONS = Object.values(UPLOAD_TYPES).flat();

/** The file picker's `accept`: types and extensions, as browsers differ on which they honour. */
export const UPLOAD_ACCEPT = [...Object.keys(UPLOAD_TYPES), ...EXTENSIONS.map((extension) => `.${extension}`)].join(',');

/** The extensions as the hint lists them: «PDF, PNG, JPG, …». */
export const UPLOAD_EXTENSIONS_TEXT = EXTENSIONS.map((extension) => extension.toUpperCase()).join(', ');

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * What the API would refuse about this file, said before sending it (the API checks again, the
 * content too): empty, too large, or of a type a room does not accept. Null when it may go.
 */
export function uploadProblem(file: File): string | null {
  if (file.size === 0) return IT_DOCUMENTS.fileEmpty;
  if (file.size > UPLOAD_MAX_BYTES) return IT_DOCUMENTS.tooLarge(UPLOAD_MAX_MEGABYTES);
  if (!EXTENSIONS.includes(extensionOf(file.name))) return IT_DOCUMENTS.typeNotAllowed;
  return null;
}
