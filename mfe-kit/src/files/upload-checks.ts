import { UPLOAD_MAX_BYTES, UPLOAD_TYPES } from '@incontra/contracts/api/documents';

/*
 * The checks every remote makes before sending a room document (the back office's documents, the
 * room's files and chat): the same types, the same limit. The API checks again, the content too;
 * these only spare a doomed upload. Each remote says the refusal in its own words.
 */

export const UPLOAD_MAX_MEGABYTES = UPLOAD_MAX_BYTES / (1024 * 1024);

const EXTENSIONS: readonly string[] = Object.values(UPLOAD_TYPES).flat();

/** The file picker's `accept`: types and extensions, as browsers differ on which they honour. */
export const UPLOAD_ACCEPT = [...Object.keys(UPLOAD_TYPES), ...EXTENSIONS.map((extension) => `.${extension}`)].join(',');

/** The extensions as a hint lists them: «PDF, PNG, JPG, …». */
export const UPLOAD_EXTENSIONS_TEXT = EXTENSIONS.map((extension) => extension.toUpperCase()).join(', ');

/** What a remote says for each refusal. */
export interface UploadProblemTexts {
  empty: string;
  tooLarge: string;
  typeRefused: string;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** What the API would refuse about this file (empty, too large, a type a room does not accept), in `texts`' words; null when it may go. */
export function uploadProblem(file: File, texts: UploadProblemTexts): string | null {
  if (file.size === 0) return texts.empty;
  if (file.size > UPLOAD_MAX_BYTES) return texts.tooLarge;
  if (!EXTENSIONS.includes(extensionOf(file.name))) return texts.typeRefused;
  return null;
}
