import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDocument, PDFName, PDFRawStream, type PDFPage } from 'pdf-lib';

/*
 * The text a PDF written by pdf-lib draws, read back: pdf-lib writes the standard fonts' text as
 * hex strings of WinAnsi codes in the page's content streams.
 */

/** The bytes of a page's content streams, inflated. */
function contentOf(page: PDFPage): Buffer {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => page.doc.context.lookup(ref)) : [contents];
  return Buffer.concat(
    streams.map((stream) => {
      if (!(stream instanceof PDFRawStream)) throw new Error('unexpected content stream');
      const filter = stream.dict.get(PDFName.of('Filter'));
      return filter === PDFName.of('FlateDecode') ? inflateSync(stream.contents) : Buffer.from(stream.contents);
    }),
  );
}

/** WinAnsi's codes that differ from Latin-1 and the receipt uses (Node's windows-1252 decoder reads them as C1 controls). */
const WIN_ANSI: Readonly<Record<number, string>> = { 0x80: '€', 0x85: '…', 0x95: '•' };

/** Each text drawn with where it starts (pdf-lib sets a text matrix `1 0 0 1 x y Tm` before each). */
export function placedTextsOf(page: PDFPage): { x: number; y: number; text: string }[] {
  const content = contentOf(page).toString('latin1');
  return [...content.matchAll(/1 0 0 1 ([\d.]+) ([\d.]+) Tm\s+<([0-9A-Fa-f]*)>\s*Tj/g)].map((match) => ({
    x: Number(match[1]),
    y: Number(match[2]),
    text: [...Buffer.from(match[3]!, 'hex')].map((code) => WIN_ANSI[code] ?? String.fromCharCode(code)).join(''),
  }));
}

/** The texts drawn (Tj) on the page, one per string. */
export function textsOf(page: PDFPage): string[] {
  return [
    ...contentOf(page)
      .toString('latin1')
      .matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g),
  ].map((match) => [...Buffer.from(match[1]!, 'hex')].map((code) => WIN_ANSI[code] ?? String.fromCharCode(code)).join(''));
}

/** The texts of every page of a PDF's bytes. */
export async function pdfTexts(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().flatMap((page) => textsOf(page));
}
