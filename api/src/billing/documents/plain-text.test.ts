import { inCharset } from './plain-text';
import { escapeXml, latinText } from './xml-text';

const latin1 = (codePoint: number) => codePoint <= 0xff;

describe('inCharset', () => {
  it('keeps what the set has, composing accents typed as two characters', () => {
    expect(inCharset('Società Più', latin1)).toBe('Società Più');
    expect(inCharset('Societa\u0300', latin1)).toBe('Società');
  });

  it('spells typographic characters plainly, drops marks the set lacks, and writes ? for the rest', () => {
    expect(inCharset('“Pro” – 5 €…', latin1)).toBe('"Pro" - 5 EUR...');
    expect(inCharset('Łódź Œuvre Şişli', latin1)).toBe('Lódz OEuvre Sisli');
    expect(inCharset('日本 🙂', latin1)).toBe('?? ?');
  });

  it('keeps a character the set has even when a plain spelling exists (the PDF font has €)', () => {
    expect(inCharset('5 €', (codePoint) => latin1(codePoint) || codePoint === 0x20ac)).toBe('5 €');
  });

  it('turns control characters into spaces', () => {
    expect(inCharset('a\tb\nc\u0085d\u0000e', latin1)).toBe('a b c d e');
  });
});

describe('latinText and escapeXml', () => {
  it('writes one trimmed line of at most the field length', () => {
    expect(latinText('  Via\n\nRoma   1 ', 60)).toBe('Via Roma 1');
    expect(latinText('x'.repeat(70), 60)).toHaveLength(60);
    expect(() => latinText(' \n\t ', 60)).toThrow(RangeError);
  });

  it('escapes the five XML characters', () => {
    expect(escapeXml(`a & b < c > d " e ' f`)).toBe('a &amp; b &lt; c &gt; d &quot; e &apos; f');
  });
});
