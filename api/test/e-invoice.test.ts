import type { BillingData } from '@incontra/contracts/api/billing-data';
import { DEMO_SELLER } from '../src/billing/billing-config';
import { amountOf, buildFatturaPA, MAX_LINES, MAX_PROGRESSIVE, progressiveOf, type FatturaInput } from '../src/billing/documents/fatturapa';
import type { BillingSeller } from '../src/billing/documents/seller';
import { validateFatturaPA as validate } from './helpers/fatturapa-schema';

/*
 * The FatturaPA builder, each document checked by xmllint against the official schema
 * (standards/fatturapa/). Without xmllint this suite fails: install Debian's libxml2-utils.
 */

const seller = DEMO_SELLER;

const buyer: BillingData = {
  legalName: 'Studio Bianchi S.r.l.',
  vatNumber: '01234567897',
  taxCode: '01234567897',
  address: 'Corso Italia 12',
  postalCode: '00184',
  city: 'Roma',
  province: 'RM',
  sdiCode: 'M5UXCR1',
  pec: '',
};

function invoice(over: { buyer?: Partial<BillingData>; seller?: Partial<BillingSeller>; lines?: FatturaInput['document']['lines'] } = {}): FatturaInput {
  return {
    transmitter: { idPaese: 'IT', idCodice: seller.taxCode },
    progressive: progressiveOf(1),
    seller: { ...seller, ...over.seller },
    buyer: { ...buyer, ...over.buyer },
    document: {
      number: '2026-000001',
      date: '2026-11-28',
      lines: over.lines ?? [{ description: 'Abbonamento Pro, novembre 2026', quantity: 1, unitPrice: 4900, vatRate: 22 }],
    },
  };
}

/** The text of the first `<name>` element of `xml`. */
const textOf = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];

describe('FatturaPA builder, checked against the official schema', () => {
  it('writes a B2B invoice to a codice destinatario that the schema accepts', async () => {
    const { fileName, xml } = buildFatturaPA(invoice());
    expect(fileName).toBe('IT12345678903_1.xml');
    expect(xml).toContain('versione="FPR12"');
    expect(textOf(xml, 'CodiceDestinatario')).toBe('M5UXCR1');
    expect(xml).not.toContain('PECDestinatario');
    expect(textOf(xml, 'TipoDocumento')).toBe('TD01');
    expect(textOf(xml, 'PrezzoUnitario')).toBe('49.00');
    expect(textOf(xml, 'AliquotaIVA')).toBe('22.00');
    expect(textOf(xml, 'ImponibileImporto')).toBe('49.00');
    expect(textOf(xml, 'Imposta')).toBe('10.78');
    expect(textOf(xml, 'ImportoTotaleDocumento')).toBe('59.78');
    expect(textOf(xml, 'ModalitaPagamento')).toBe('MP08');
    expect(textOf(xml, 'ImportoPagamento')).toBe('59.78');
    expect(await validate(xml)).toEqual({ valid: true, messages: expect.any(String) });
  });

  it('sends to the PEC with the codice destinatario 0000000 when there is no SDI code', async () => {
    const { xml } = buildFatturaPA(invoice({ buyer: { sdiCode: '', pec: 'fatture@pec.bianchi.it' } }));
    expect(textOf(xml, 'CodiceDestinatario')).toBe('0000000');
    expect(textOf(xml, 'PECDestinatario')).toBe('fatture@pec.bianchi.it');
    expect((await validate(xml)).valid).toBe(true);
  });

  it("takes a sole trader's personal codice fiscale beside the partita IVA", async () => {
    const { xml } = buildFatturaPA(invoice({ buyer: { legalName: 'Mario Rossi', taxCode: 'RSSMRA85T10A562S' } }));
    expect(xml).toContain('<CodiceFiscale>RSSMRA85T10A562S</CodiceFiscale>');
    expect((await validate(xml)).valid).toBe(true);
  });

  it('escapes & < > and keeps accents; letters beyond Latin-1 lose their marks', async () => {
    const { xml } = buildFatturaPA(
      invoice({
        buyer: { legalName: 'Caffè <Più> & "Così" Società', address: 'Piazza Città 1', city: 'Forlì' },
        seller: { legalName: 'Łódź & Ærø Incontra S.r.l. 🙂' },
        lines: [{ description: 'Abbonamento “Pro” – prezzo in € <mensile> & IVA', quantity: 1, unitPrice: 4900, vatRate: 22 }],
      }),
    );
    expect(xml).toContain('<Denominazione>Caffè &lt;Più&gt; &amp; &quot;Così&quot; Società</Denominazione>');
    expect(xml).toContain('<Comune>Forlì</Comune>');
    expect(xml).toContain('<Denominazione>Lódz &amp; Ærø Incontra S.r.l. ?</Denominazione>');
    expect(textOf(xml, 'Descrizione')).toBe('Abbonamento &quot;Pro&quot; - prezzo in EUR &lt;mensile&gt; &amp; IVA');
    expect((await validate(xml)).valid).toBe(true);
  });

  it('cuts a long description to the schema’s 1000 characters, on one line', async () => {
    const description = `Abbonamento\n${'consulenze video '.repeat(100)}`;
    const { xml } = buildFatturaPA(invoice({ lines: [{ description, quantity: 1, unitPrice: 2900, vatRate: 22 }] }));
    const written = textOf(xml, 'Descrizione')!;
    expect(written.length).toBeLessThanOrEqual(1000);
    expect(written.length).toBeGreaterThan(990);
    expect(written.startsWith('Abbonamento consulenze video')).toBe(true);
    expect((await validate(xml)).valid).toBe(true);
  });

  it('sums several lines and periods by rate, rounding the VAT per rate', async () => {
    const { xml } = buildFatturaPA(
      invoice({
        lines: [
          { description: 'Abbonamento Basic', quantity: 3, unitPrice: 1999, vatRate: 22, period: { start: '2026-11-28', end: '2026-12-27' } },
          { description: 'Differenza di piano', quantity: 1, unitPrice: 1, vatRate: 22 },
        ],
      }),
    );
    // 3 × 19.99 + 0.01 = 59.98; 22 % of it is 13.1956 → 13.20.
    expect(textOf(xml, 'ImponibileImporto')).toBe('59.98');
    expect(textOf(xml, 'Imposta')).toBe('13.20');
    expect(textOf(xml, 'ImportoTotaleDocumento')).toBe('73.18');
    expect(textOf(xml, 'DataInizioPeriodo')).toBe('2026-11-28');
    expect(xml.match(/<DatiRiepilogo>/g)).toHaveLength(1);
    expect((await validate(xml)).valid).toBe(true);
  });

  it('writes a buyer known by the codice fiscale alone without IdFiscaleIVA', async () => {
    const { xml } = buildFatturaPA(invoice({ buyer: { vatNumber: '', taxCode: 'RSSMRA85T10A562S' } }));
    expect(xml.match(/<IdFiscaleIVA>/g)).toHaveLength(1);
    expect((await validate(xml)).valid).toBe(true);
  });

  it('writes the largest document it takes within the schema’s amounts', async () => {
    const lines = Array.from({ length: MAX_LINES }, (_, index) => ({ description: `Riga ${index + 1}`, quantity: 1, unitPrice: 10 ** 9, vatRate: 22 }));
    const { xml } = buildFatturaPA(invoice({ lines }));
    expect(textOf(xml, 'ImportoTotaleDocumento')).toBe('1220000000.00');
    expect((await validate(xml)).valid).toBe(true);
  });

  it('refuses a document without VAT: the product always charges it', () => {
    expect(() => buildFatturaPA(invoice({ lines: [{ description: 'Gratis', quantity: 1, unitPrice: 0, vatRate: 0 }] }))).toThrow(/VAT rate/);
  });

  it('refuses malformed input before writing anything', () => {
    const refused = (input: FatturaInput) => () => buildFatturaPA(input);
    expect(refused({ ...invoice(), progressive: 'ABCDEF' })).toThrow(/progressive/);
    expect(refused({ ...invoice(), transmitter: { idPaese: 'IT', idCodice: 'x' } })).toThrow(/transmitter/);
    expect(refused(invoice({ buyer: { sdiCode: '', pec: '' } }))).toThrow(/SDI code/);
    expect(refused(invoice({ buyer: { vatNumber: '', taxCode: '' } }))).toThrow(/tax ids/);
    expect(refused(invoice({ buyer: { vatNumber: '0123456789' } }))).toThrow(/tax ids/);
    expect(refused(invoice({ buyer: { postalCode: '123' } }))).toThrow(/CAP/);
    expect(refused({ ...invoice(), document: { ...invoice().document, date: '2026-02-30' } })).toThrow(/date/);
    expect(refused({ ...invoice(), document: { ...invoice().document, number: 'x'.repeat(21) } })).toThrow(/number/);
    expect(refused({ ...invoice(), document: { ...invoice().document, lines: [] } })).toThrow(/lines/);
    expect(refused(invoice({ lines: [{ description: 'x', quantity: 0, unitPrice: 100, vatRate: 22 }] }))).toThrow(/quantity/);
    expect(refused(invoice({ lines: [{ description: 'x', quantity: 1, unitPrice: 1.5, vatRate: 22 }] }))).toThrow(/price/);
    expect(refused(invoice({ lines: [{ description: 'x', quantity: 2, unitPrice: 10 ** 9, vatRate: 22 }] }))).toThrow(/price/);
    expect(refused(invoice({ lines: [{ description: ' \n ', quantity: 1, unitPrice: 100, vatRate: 22 }] }))).toThrow(/empty/);
  });

  it('is refused by xmllint when broken: the validation can fail', async () => {
    const { xml } = buildFatturaPA(invoice());
    // The buyer before the seller: the schema's order is broken.
    const swapped = xml.replace('<CedentePrestatore>', '<Cessionario>').replace('<Imposta>10.78</Imposta>', '<Imposta>10,78</Imposta>');
    const verdict = await validate(swapped);
    expect(verdict.valid).toBe(false);
    expect(verdict.messages).toMatch(/Cessionario|Imposta/);
    const badAmount = await validate(xml.replace('<Imposta>10.78</Imposta>', '<Imposta>10,78</Imposta>'));
    expect(badAmount.valid).toBe(false);
    expect(badAmount.messages).toContain('Imposta');
  });
});

describe('progressives and file names', () => {
  it('counts in upper-case base 36 up to five characters', () => {
    expect(progressiveOf(1)).toBe('1');
    expect(progressiveOf(35)).toBe('Z');
    expect(progressiveOf(36)).toBe('10');
    expect(progressiveOf(MAX_PROGRESSIVE)).toBe('ZZZZZ');
  });

  it('refuses a progressive beyond five characters, zero, negatives and fractions', () => {
    for (const n of [MAX_PROGRESSIVE + 1, 0, -1, 1.5, Number.NaN]) expect(() => progressiveOf(n)).toThrow(RangeError);
  });

  it('gives unique progressives and file names over many', () => {
    const counts = Array.from({ length: 2000 }, (_, index) => 1 + index * 12_007);
    const progressives = counts.map(progressiveOf);
    expect(progressives.every((value) => /^[0-9A-Z]{1,5}$/.test(value))).toBe(true);
    expect(new Set(progressives).size).toBe(counts.length);
    const names = progressives.map((progressive) => buildFatturaPA({ ...invoice(), progressive }).fileName);
    expect(new Set(names).size).toBe(counts.length);
    expect(names.every((name) => /^IT12345678903_[0-9A-Z]{1,5}\.xml$/.test(name))).toBe(true);
  });

  it('writes cents as the schema’s amounts', () => {
    expect(amountOf(0)).toBe('0.00');
    expect(amountOf(5)).toBe('0.05');
    expect(amountOf(123456)).toBe('1234.56');
  });
});
