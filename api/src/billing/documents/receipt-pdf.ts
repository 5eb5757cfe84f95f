import type { BillingData } from '@incontra/contracts/api/billing-data';
import { IT_BILLING } from '@incontra/contracts/messages/it-billing';
import { IT_BILLING_DOCUMENTS } from '@incontra/contracts/messages/it-billing-documents';
import { formatEuro } from '@incontra/contracts/money';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { inCharset } from './plain-text';
import type { BillingSeller } from './seller';

/*
 * The PDF receipt of a paid invoice: one A4 page in the standard Helvetica, whose WinAnsi
 * encoding has the Italian accents and the € sign; any other character is written without its
 * marks, or as '?', rather than failing. Amounts in the one Italian format (formatEuro), days in
 * the company's time zone. The same input gives the same bytes (the dates inside are the payment's).
 */

const T = IT_BILLING_DOCUMENTS.receipt;

export interface ReceiptInput {
  seller: BillingSeller;
  /** The invoicing data, or null when the company never gave them (its name is written instead). */
  buyer: BillingData | null;
  companyName: string;
  number: string;
  issuedAt: Date;
  paidAt: Date;
  /** The company's IANA zone, for the days written. */
  timeZone: string;
  description: string;
  period: { start: Date; end: Date } | null;
  /** Cents. */
  net: number;
  vat: number;
  total: number;
  /** Percent, e.g. 22. */
  vatRate: number;
  cardLast4: string | null;
  /** The built-in test mode: the receipt says no real charge was made. */
  testMode: boolean;
}

const PAGE = { width: 595.28, height: 841.89, margin: 56 } as const;
/** The description's lines at most: the receipt stays one page. */
const MAX_DESCRIPTION_LINES = 12;
const GREY = rgb(0.35, 0.35, 0.35);

const days = new Map<string, Intl.DateTimeFormat>();
/** '28 novembre 2026' on `timeZone`'s calendar. */
function dayOf(instant: Date, timeZone: string): string {
  let format = days.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric', timeZone });
    days.set(timeZone, format);
  }
  return format.format(instant);
}

const charsets = new WeakMap<PDFFont, ReadonlySet<number>>();
/** `value` in what `font` can write (plain-text.ts). */
function writable(font: PDFFont, value: string): string {
  let known = charsets.get(font);
  if (!known) {
    known = new Set(font.getCharacterSet());
    charsets.set(font, known);
  }
  const set = known;
  return inCharset(value, (codePoint) => set.has(codePoint));
}

/** `text` broken into lines no wider than `width` (a word longer than a line is cut). */
function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/ +/).filter(Boolean)) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    line = word;
    while (font.widthOfTextAtSize(line, size) > width) {
      let cut = line.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut -= 1;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** Writes lines downwards from a cursor. */
class Writer {
  constructor(
    private readonly page: PDFPage,
    private readonly fonts: { regular: PDFFont; bold: PDFFont },
    public y: number,
  ) {}

  line(text: string, options: { x?: number; size?: number; bold?: boolean; grey?: boolean; right?: number } = {}): void {
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const size = options.size ?? 10;
    const safe = writable(font, text);
    const x = options.right === undefined ? (options.x ?? PAGE.margin) : options.right - font.widthOfTextAtSize(safe, size);
    this.page.drawText(safe, { x, y: this.y, size, font, color: options.grey ? GREY : rgb(0, 0, 0) });
  }

  down(points: number): void {
    this.y -= points;
  }

  /**
   * Several texts at `x`, each wrapped to `width` (default: to the right margin), a line every 14
   * points; the cursor is left below the last.
   */
  block(texts: readonly string[], options: { x?: number; bold?: boolean; width?: number } = {}): void {
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const x = options.x ?? PAGE.margin;
    const width = options.width ?? PAGE.width - PAGE.margin - x;
    for (const text of texts) {
      for (const line of wrap(font, 10, writable(font, text), width)) {
        this.line(line, options);
        this.down(14);
      }
    }
  }
}

function partyLines(party: Pick<BillingSeller, 'legalName' | 'vatNumber' | 'taxCode' | 'address' | 'postalCode' | 'city' | 'province'>): string[] {
  const lines = [party.legalName];
  if (party.vatNumber !== '') lines.push(T.vatNumber(party.vatNumber));
  if (party.taxCode !== '' && party.taxCode !== party.vatNumber) lines.push(T.taxCode(party.taxCode));
  lines.push(party.address, T.place(party.postalCode, party.city, party.province));
  return lines;
}

/** The receipt of one paid invoice, as the bytes of a one-page PDF. */
export async function renderReceiptPdf(input: ReceiptInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(T.number(input.number));
  pdf.setLanguage('it-IT');
  pdf.setAuthor(input.seller.legalName);
  pdf.setCreator('Incontra');
  pdf.setProducer('Incontra');
  pdf.setCreationDate(input.paidAt);
  pdf.setModificationDate(input.paidAt);
  const fonts = { regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
  const page = pdf.addPage([PAGE.width, PAGE.height]);
  const right = PAGE.width - PAGE.margin;
  const column = PAGE.width / 2;
  const write = new Writer(page, fonts, PAGE.height - PAGE.margin - 18);

  write.line(T.title, { size: 18, bold: true });
  write.down(24);
  if (input.testMode) {
    write.line(IT_BILLING.testMode.notice, { bold: true, size: 11 });
    write.down(20);
  }
  write.block([T.number(input.number), T.issuedOn(dayOf(input.issuedAt, input.timeZone)), T.paidOn(dayOf(input.paidAt, input.timeZone))]);
  write.down(14);

  const top = write.y;
  write.line(T.seller, { bold: true });
  write.down(16);
  write.block(partyLines(input.seller), { width: column - PAGE.margin - 12 });
  const sellerBottom = write.y;
  write.y = top;
  write.line(T.buyer, { bold: true, x: column });
  write.down(16);
  const buyer = input.buyer;
  write.block(buyer ? [...partyLines(buyer), T.delivery(buyer.sdiCode, buyer.pec)] : [input.companyName], { x: column });
  write.y = Math.min(write.y, sellerBottom) - 14;

  write.line(T.description, { bold: true });
  write.down(16);
  const width = right - PAGE.margin;
  const described = wrap(fonts.regular, 10, writable(fonts.regular, input.description.slice(0, 1000)), width);
  described.slice(0, MAX_DESCRIPTION_LINES).forEach((line, index) => {
    const cut = index === MAX_DESCRIPTION_LINES - 1 && described.length > MAX_DESCRIPTION_LINES;
    write.line(cut ? `${line.slice(0, -2)} …` : line);
    write.down(14);
  });
  if (input.period) write.block([T.period(dayOf(input.period.start, input.timeZone), dayOf(input.period.end, input.timeZone))]);
  write.down(14);

  const amounts: [string, string, boolean][] = [
    [T.net, formatEuro(input.net), false],
    [T.vat(String(input.vatRate).replace('.', ',')), formatEuro(input.vat), false],
    [T.total, formatEuro(input.total), true],
  ];
  for (const [label, amount, bold] of amounts) {
    write.line(label, { bold, x: column });
    write.line(amount, { bold, right });
    write.down(16);
  }
  write.down(10);
  if (input.cardLast4) {
    write.line(T.card(input.cardLast4));
    write.down(20);
  }
  for (const line of wrap(fonts.regular, 9, T.note, width)) {
    write.line(line, { size: 9, grey: true });
    write.down(12);
  }
  return pdf.save();
}
