import { UPLOAD_TYPES } from '@incontra/contracts/api/documents';

/** How much of the start of a file its content check looks at. */
export const SNIFF_BYTES = 4096;
export const MAX_FILE_NAME_LENGTH = 200;

// C0 and C1 controls, and the bidirectional marks that can disguise an extension ("fattura‮fdp.exe").
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The name a file is listed and downloaded under: the last path segment only, without control
 * characters, at most 200 characters with the extension kept. It is never used as a path.
 */
export function sanitizeFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const clean = base.normalize('NFC').replace(UNSAFE_CHARACTERS, '').trim();
  // Counted in code points, so that a cut never splits a character in two.
  const characters = [...clean];
  if (characters.length <= MAX_FILE_NAME_LENGTH) return clean;
  const extension = extensionOf(clean);
  const suffix = extension && extension.length < 20 ? `.${extension}` : '';
  return (
    characters
      .slice(0, MAX_FILE_NAME_LENGTH - suffix.length)
      .join('')
      .trimEnd() + suffix
  );
}

/** Lower case, without the dot; '' when the name has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

// Browsers declare these when they know no better; the extension and the content decide then.
const GENERIC_DECLARED_TYPES = new Set(['', 'application/octet-stream']);
// Other names browsers use for an allowed type (Windows maps .csv to Excel, for one).
const DECLARED_ALIASES: Record<string, string> = {
  'application/vnd.ms-excel': 'text/csv',
  'application/csv': 'text/csv',
  'text/x-csv': 'text/csv',
  'text/comma-separated-values': 'text/csv',
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
};

/**
 * The allowed type of an upload from its name and the type its sender declared, or null: the
 * extension must be one of an allowed type's, and the declared type must be that type (or say
 * nothing). The content is checked separately, by `contentMatches`.
 */
export function uploadTypeOf(fileName: string, declaredType: string): string | null {
  const extension = extensionOf(fileName);
  const type = Object.keys(UPLOAD_TYPES).find((candidate) => UPLOAD_TYPES[candidate]?.includes(extension));
  if (!extension || !type) return null;
  const declared = (declaredType.split(';')[0] ?? '').trim().toLowerCase();
  return GENERIC_DECLARED_TYPES.has(declared) || declared === type || DECLARED_ALIASES[declared] === type ? type : null;
}

const startsWith =
  (...signatures: (string | number[])[]) =>
  (head: Buffer) =>
    signatures.some((signature) => {
      const bytes = typeof signature === 'string' ? Buffer.from(signature, 'latin1') : Buffer.from(signature);
      return head.length >= bytes.length && head.subarray(0, bytes.length).equals(bytes);
    });

const isWebp = (head: Buffer) => startsWith('RIFF')(head) && head.subarray(8, 12).toString('latin1') === 'WEBP';
// Plain text has no NUL byte; executables and most binary formats have plenty near the start.
const isText = (head: Buffer) => !head.subarray(0, SNIFF_BYTES).includes(0);
// Office Open XML files are zip archives.
const isZip = startsWith('PK\x03\x04');

/** The magic bytes each allowed type must start with. */
const CONTENT_CHECKS: Record<string, (head: Buffer) => boolean> = {
  'application/pdf': startsWith('%PDF-'),
  'image/png': startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': startsWith([0xff, 0xd8, 0xff]),
  'image/gif': startsWith('GIF87a', 'GIF89a'),
  'image/webp': isWebp,
  'text/plain': isText,
  'text/csv': isText,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': isZip,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': isZip,
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': isZip,
};

/** Whether the first bytes of a file (up to SNIFF_BYTES) look like `type`. */
export function contentMatches(type: string, head: Buffer): boolean {
  return CONTENT_CHECKS[type]?.(head) ?? false;
}
