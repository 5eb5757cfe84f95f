/*
 * Written here rather than taken from the `content-disposition` package: that one is only a
 * transitive dependency (not declared by the API) and ships no types.
 */

// RFC 8187 attr-char: encodeURIComponent also leaves ' ( ) * unescaped, which must be escaped.
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `attachment` with the name twice: `filename*` (UTF-8, what every current browser uses) and a
 * plain ASCII `filename` for the rest, where anything else becomes an underscore.
 */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeExtValue(fileName)}`;
}
