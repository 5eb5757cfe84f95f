import { cardBrandName, formatDate, formatPrice, formatShortDate, vatOn } from './format';

// Intl writes a no-break space before the euro sign.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('billing formats', () => {
  it('writes cents as Italian euros, grouped from the thousands', () => {
    expect(plain(formatPrice(0))).toBe('0,00 €');
    expect(plain(formatPrice(4900))).toBe('49,00 €');
    expect(plain(formatPrice(123456))).toBe('1.234,56 €');
    expect(plain(formatPrice(123456789))).toBe('1.234.567,89 €');
  });

  it('rounds the VAT to the cent', () => {
    expect(vatOn(2900, 22)).toBe(638);
    expect(vatOn(4900, 22)).toBe(1078);
    expect(vatOn(1, 22)).toBe(0);
    expect(vatOn(3, 22)).toBe(1);
  });

  it('writes the day in the company’s zone, not the browser’s', () => {
    expect(formatDate('2026-11-30T23:30:00Z', 'Europe/Rome')).toBe('1 dicembre 2026');
    expect(formatDate('2026-11-30T23:30:00Z', 'UTC')).toBe('30 novembre 2026');
    expect(formatShortDate('2026-11-30T23:30:00Z', 'Europe/Rome')).toBe('01/12/26');
  });

  it('names card brands as people read them', () => {
    expect(cardBrandName('visa')).toBe('Visa');
    expect(cardBrandName('amex')).toBe('American Express');
    expect(cardBrandName('carta')).toBe('Carta');
    expect(cardBrandName('cartes_bancaires')).toBe('Cartes_bancaires');
  });
});
