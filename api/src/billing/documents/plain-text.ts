/*
 * Text brought into a limited character set (the FatturaPA's Latin-1, the PDF fonts' WinAnsi):
 * each character the set has is kept, a few common others get their plain spelling, a letter
 * without its marks if that fits, anything else becomes '?'. Control characters become spaces.
 */

/** Characters people type or paste that have no decomposition into the sets, and their plain spelling. */
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
  '\u0141': 'L',
  '\u0142': 'l',
  '\u0110': 'D',
  '\u0111': 'd',
  '\u0152': 'OE',
  '\u0153': 'oe',
  '\u0131': 'i',
};

/** `value` written with the characters `has` accepts (by code point). */
export function inCharset(value: string, has: (codePoint: number) => boolean): string {
  const fits = (text: string) => [...text].every((char) => has(char.codePointAt(0)!));
  return [...value.normalize('NFC').replace(/\p{Cc}/gu, ' ')]
    .map((char) => {
      if (fits(char)) return char;
      const plain = PLAIN[char];
      if (plain !== undefined && fits(plain)) return plain;
      const bare = char.normalize('NFKD').replace(/\p{M}/gu, '');
      return bare !== '' && fits(bare) ? bare : '?';
    })
    .join('');
}
