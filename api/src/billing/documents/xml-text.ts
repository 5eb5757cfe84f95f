/*
 * Text for the FatturaPA's string fields. Their schema types take Basic Latin and Latin-1
 * characters only ([\p{IsBasicLatin}\p{IsLatin-1Supplement}]{1,n}), on one line: what a person
 * typed is brought into that set (accents kept, other letters without their marks, typographic
 * quotes and dashes to plain ones, anything else '?'), then cut to the field's length and escaped.
 */

/** Characters outside Latin-1 that people type or paste, and their plain spelling. */
const PLAIN: Readonly<Record<string, string>> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2026': '...',
  '\u20AC': 'EUR',
  // Letters NFKD does not take apart.
  '\u0141': 'L',
  '\u0142': 'l',
  '\u0110': 'D',
  '\u0111': 'd',
  '\u0152': 'OE',
  '\u0153': 'oe',
  '\u0131': 'i',
};

const isLatin1 = (char: string) => char.codePointAt(0)! <= 0xff;

/** One character brought into Latin-1: itself, its plain spelling, its letter without marks, or '?'. */
function latin1Of(char: string): string {
  if (isLatin1(char)) return char;
  const plain = PLAIN[char];
  if (plain !== undefined) return plain;
  const bare = char.normalize('NFKD').replace(/\p{M}/gu, '');
  return bare !== '' && [...bare].every(isLatin1) ? bare : '?';
}

/**
 * `value` as Latin-1 text on one line (controls become spaces, runs of spaces one, trimmed), at
 * most `max` characters. Refuses a value left empty: every field written with it is required.
 */
export function latinText(value: string, max: number): string {
  const text = [...value.normalize('NFC')]
    .map(latin1Of)
    .join('')
    .replace(/\p{Cc}/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
  if (text === '') throw new RangeError('A FatturaPA text field is empty');
  return text.length <= max ? text : text.slice(0, max).trimEnd();
}

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** `value` escaped for XML text or an attribute. */
export const escapeXml = (value: string) => value.replace(/[&<>"']/g, (char) => ENTITIES[char]!);
