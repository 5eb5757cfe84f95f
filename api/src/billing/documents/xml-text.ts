import { inCharset } from './plain-text';

/*
 * Text for the FatturaPA's string fields. Their schema types take Basic Latin and Latin-1
 * characters only ([\p{IsBasicLatin}\p{IsLatin-1Supplement}]{1,n}), on one line: what a person
 * typed is brought into that set (plain-text.ts), then cut to the field's length and escaped.
 */

/** Latin-1 without its C1 controls (inCharset has made every control a space already). */
const isLatin1 = (codePoint: number) => codePoint <= 0xff;

/**
 * `value` as Latin-1 text on one line (runs of spaces one, trimmed), at most `max` characters.
 * Refuses a value left empty: every field written with it is required.
 */
export function latinText(value: string, max: number): string {
  const text = inCharset(value, isLatin1).replace(/ {2,}/g, ' ').trim();
  if (text === '') throw new RangeError('A FatturaPA text field is empty');
  return text.length <= max ? text : text.slice(0, max).trimEnd();
}

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** `value` escaped for XML text or an attribute. */
export const escapeXml = (value: string) => value.replace(/[&<>"']/g, (char) => ENTITIES[char]!);
