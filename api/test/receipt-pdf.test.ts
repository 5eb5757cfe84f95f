import { inflateSync } from 'node:zlib';
import { IT_BILLING } from '@incontra/contracts/messages/it-billing';
import { PDFArray, PDFDocument, PDFName, PDFRawStream, type PDFPage } from 'pdf-lib';
import { renderReceiptPdf, type ReceiptInput } from '../src/billing/documents/receipt-pdf';

/*
 * The PDF receipt, read back: one page, and the text its content stream draws (pdf-lib writes
 * the standard fonts' text as hex strings of WinAnsi codes).
 */

const input: ReceiptInput = {
  seller: {
    legalName: 'Incontra S.r.l.',
    vatNumber: '12345678903',
    taxCode: '12345678903',
    address: 'Via Dante 7',
    postalCode: '20121',
    city: 'Milano',
    province: 'MI',
    taxRegime: 'RF01',
  },
  buyer: {
    legalName: 'Caffè Più & Figli S.r.l.',
    vatNumber: '01234567897',
    taxCode: 'RSSMRA85T10A562S',
    address: 'Corso Italia 12',
    postalCode: '00184',
    city: 'Forlì',
    province: 'FC',
    sdiCode: 'M5UXCR1',
    pec: '',
  },
  companyName: 'Caffè Più',
  number: '2026-000042',
  issuedAt: new Date('2026-11-28T10:00:00Z'),
  paidAt: new Date('2026-11-28T10:00:05Z'),
  timeZone: 'Europe/Rome',
  description: 'Abbonamento Pro, mensile',
  period: { start: new Date('2026-11-28T10:00:00Z'), end: new Date('2026-12-28T10:00:00Z') },
  net: 101192,
  vat: 22262,
  total: 123454,
  vatRate: 22,
  cardLast4: '4242',
  testMode: true,
};

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

/** The texts drawn (Tj) on the page, one per string. */
function textsOf(page: PDFPage): string[] {
  return [
    ...contentOf(page)
      .toString('latin1')
      .matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g),
  ].map((match) => [...Buffer.from(match[1]!, 'hex')].map((code) => WIN_ANSI[code] ?? String.fromCharCode(code)).join(''));
}

async function read(bytes: Uint8Array) {
  expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  const pdf = await PDFDocument.load(bytes);
  expect(pdf.getPageCount()).toBe(1);
  return textsOf(pdf.getPage(0));
}

describe('PDF receipt', () => {
  it('is a one-page PDF with the number, the amounts in Italian format, VAT and its rate', async () => {
    const texts = await read(await renderReceiptPdf(input));
    expect(texts).toContain('Ricevuta n. 2026-000042');
    expect(texts).toContain('1.011,92 €');
    expect(texts).toContain('IVA 22%');
    expect(texts).toContain('222,62 €');
    expect(texts).toContain('Totale pagato');
    expect(texts).toContain('1.234,54 €');
    expect(texts).toContain('Pagata il 28 novembre 2026');
    expect(texts).toContain('Periodo: dal 28 novembre 2026 al 28 dicembre 2026');
    expect(texts).toContain('Pagata con carta •••• 4242');
    expect(texts).toContain('Caffè Più & Figli S.r.l.');
    expect(texts).toContain('00184 Forlì (FC)');
    expect(texts).toContain('Codice fiscale RSSMRA85T10A562S');
    expect(texts).toContain('Codice destinatario M5UXCR1');
    expect(texts).toContain(IT_BILLING.testMode.notice);
  });

  it('says nothing of a test outside the test mode, and names the company when it gave no invoicing data', async () => {
    const texts = await read(await renderReceiptPdf({ ...input, testMode: false, buyer: null, cardLast4: null }));
    expect(texts).not.toContain(IT_BILLING.testMode.notice);
    expect(texts).toContain('Caffè Più');
    expect(texts.some((text) => text.startsWith('Pagata con carta'))).toBe(false);
  });

  it('writes the day of the company zone: past 23:00 UTC is the next day in Rome', async () => {
    const texts = await read(await renderReceiptPdf({ ...input, paidAt: new Date('2026-11-28T23:30:00Z') }));
    expect(texts).toContain('Pagata il 29 novembre 2026');
  });

  it('keeps one page and writes characters outside WinAnsi without failing', async () => {
    const texts = await read(
      await renderReceiptPdf({
        ...input,
        buyer: { ...input.buyer!, legalName: 'Łódź 🙂 Società' },
        description: 'Consulenze WWW '.repeat(100),
      }),
    );
    expect(texts).toContain('Lódz ? Società');
    expect(texts.filter((text) => text.startsWith('Consulenze')).length).toBeLessThanOrEqual(12);
    expect(texts.some((text) => text.endsWith(' …'))).toBe(true);
    expect(texts).toContain('1.234,54 €');
  });

  it('gives the same bytes for the same receipt', async () => {
    expect(Buffer.from(await renderReceiptPdf(input)).equals(Buffer.from(await renderReceiptPdf(input)))).toBe(true);
  });
});
