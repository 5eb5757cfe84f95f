import { IT_BILLING } from '@incontra/contracts/messages/it-billing';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { DEMO_SELLER } from '../src/billing/billing-config';
import { renderReceiptPdf, type ReceiptInput } from '../src/billing/documents/receipt-pdf';
import { placedTextsOf, textsOf } from './helpers/pdf-text';

/*
 * The PDF receipt, read back: one page, and the text its content stream draws (pdf-lib writes
 * the standard fonts' text as hex strings of WinAnsi codes).
 */

const input: ReceiptInput = {
  seller: DEMO_SELLER,
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

  it('keeps every text inside the margins and the seller clear of the buyer, long names wrapped', async () => {
    const long = 'Wolfgang '.repeat(9).trim();
    const bytes = await renderReceiptPdf({ ...input, seller: { ...input.seller, legalName: long }, buyer: { ...input.buyer!, legalName: long } });
    const pdf = await PDFDocument.load(bytes);
    const page = pdf.getPage(0);
    const { width, height } = page.getSize();
    // Bold is the wider of the two faces: an upper bound of every text's width.
    const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
    const placed = placedTextsOf(page);
    const widthOf = (text: string) => bold.widthOfTextAtSize(text, text === 'Ricevuta di pagamento' ? 18 : 10);
    expect(placed.length).toBeGreaterThan(20);
    for (const { x, y, text } of placed) {
      expect({ text, inside: x >= 56 && x + widthOf(text) <= width - 56 + 0.5 && y >= 40 && y <= height - 56 }).toEqual({ text, inside: true });
    }
    // The parties' section: from the seller's label down to the description's.
    const top = placed.find(({ text }) => text === 'Emessa da')!.y;
    const bottom = placed.find(({ text }) => text === 'Descrizione')!.y;
    for (const { x, y, text } of placed.filter((placement) => placement.y <= top && placement.y > bottom && placement.x < width / 2)) {
      expect({ text, y, clear: x + widthOf(text) <= width / 2 }).toEqual({ text, y, clear: true });
    }
    expect(placed.filter(({ text }) => text.startsWith('Wolfgang')).length).toBeGreaterThanOrEqual(4);
  });

  it('gives the same bytes for the same receipt', async () => {
    expect(Buffer.from(await renderReceiptPdf(input)).equals(Buffer.from(await renderReceiptPdf(input)))).toBe(true);
  });
});
