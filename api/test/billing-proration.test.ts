import { monthAfter, monthBefore, prorate, withVat } from '../src/billing/proration';
import { cardBehaviour, cardBrand, cardDigits, passesLuhn, readExpiry } from '../src/payments/test-mode/cards';

/* The subscription's arithmetic and the test mode's reading of a card, without the app. */

describe('VAT and proration', () => {
  it('adds VAT rounded to the cent', () => {
    expect(withVat(2900, 22)).toEqual({ net: 2900, vat: 638, total: 3538 });
    expect(withVat(7900, 22)).toEqual({ net: 7900, vat: 1738, total: 9638 });
    // 3387 × 22 % = 745.14 → 745; 5 × 10 % = 0.5 → 1 (half away from zero).
    expect(withVat(3387, 22)).toEqual({ net: 3387, vat: 745, total: 4132 });
    expect(withVat(5, 10)).toEqual({ net: 5, vat: 1, total: 6 });
    expect(withVat(0, 22)).toEqual({ net: 0, vat: 0, total: 0 });
  });

  const periodStart = new Date('2026-03-02T09:00:00Z');
  const periodEnd = new Date('2026-04-02T09:00:00Z'); // 31 days

  it('charges the difference for the rest of the period, by the second', () => {
    const at = new Date('2026-03-12T09:00:00Z'); // 21 of 31 days left
    // (7900 − 2900) × 21 / 31 = 3387.096… → 3387
    expect(prorate({ oldPrice: 2900, newPrice: 7900, periodStart, periodEnd, at, vatRate: 22 })).toEqual({ net: 3387, vat: 745, total: 4132 });
    // One second into the period: almost all of it.
    const justStarted = new Date(periodStart.getTime() + 1000);
    expect(prorate({ oldPrice: 2900, newPrice: 7900, periodStart, periodEnd, at: justStarted, vatRate: 22 }).net).toBe(5000);
    // Half of it.
    const half = new Date((periodStart.getTime() + periodEnd.getTime()) / 2);
    expect(prorate({ oldPrice: 2900, newPrice: 7900, periodStart, periodEnd, at: half, vatRate: 22 })).toEqual({ net: 2500, vat: 550, total: 3050 });
  });

  it('charges nothing for a cheaper plan, an ended period, or an empty one', () => {
    const at = new Date('2026-03-12T09:00:00Z');
    expect(prorate({ oldPrice: 7900, newPrice: 2900, periodStart, periodEnd, at, vatRate: 22 })).toEqual({ net: 0, vat: 0, total: 0 });
    expect(prorate({ oldPrice: 2900, newPrice: 7900, periodStart, periodEnd, at: periodEnd, vatRate: 22 }).total).toBe(0);
    expect(prorate({ oldPrice: 2900, newPrice: 7900, periodStart: periodEnd, periodEnd, at, vatRate: 22 }).total).toBe(0);
  });

  it('counts a whole period from a moment before it started', () => {
    const before = new Date('2026-02-01T00:00:00Z');
    expect(prorate({ oldPrice: 0, newPrice: 3100, periodStart, periodEnd, at: before, vatRate: 0 }).net).toBe(3100);
  });

  it('makes periods of one calendar month in UTC', () => {
    expect(monthAfter(periodStart).toISOString()).toBe('2026-04-02T09:00:00.000Z');
    expect(monthAfter(new Date('2026-01-31T10:00:00Z')).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(monthBefore(periodEnd).toISOString()).toBe('2026-03-02T09:00:00.000Z');
  });
});

describe("the test mode's card reading", () => {
  it('checks the Luhn digit of 12 to 19 digits', () => {
    expect(passesLuhn(cardDigits('4242 4242 4242 4242'))).toBe(true);
    expect(passesLuhn(cardDigits('4000-0025-0000-3155'))).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('42424242')).toBe(false);
    expect(passesLuhn('4242a24242424242')).toBe(false);
  });

  it('tells the brand from the first digits', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('2721000000000000')).toBe('carta');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('carta');
  });

  it("keeps Stripe's test numbers' meanings", () => {
    expect(cardBehaviour('4000000000000002')).toBe('declined');
    expect(cardBehaviour('4000000000000341')).toBe('declined');
    expect(cardBehaviour('4000002500003155')).toBe('authentication');
    expect(cardBehaviour('4242424242424242')).toBe('succeeds');
    expect(cardBehaviour('5555555555554444')).toBe('succeeds');
  });

  it('refuses an expiry whose month has ended', () => {
    const now = new Date('2026-03-15T12:00:00Z');
    expect(readExpiry('03/26', now)).toEqual({ month: 3, year: 2026 });
    expect(readExpiry('02/26', now)).toBeNull();
    expect(readExpiry('12/25', now)).toBeNull();
    expect(readExpiry('01/30', now)).toEqual({ month: 1, year: 2030 });
  });
});
