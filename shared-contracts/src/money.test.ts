import { formatEuro } from './money';

describe('formatEuro', () => {
  it.each([
    [0, '0,00 €'],
    [5, '0,05 €'],
    [99, '0,99 €'],
    [2900, '29,00 €'],
    [123456, '1.234,56 €'],
    [100000000, '1.000.000,00 €'],
    [-5, '-0,05 €'],
    [-123456, '-1.234,56 €'],
  ])('writes %i cents as %s', (cents, text) => {
    expect(formatEuro(cents)).toBe(text);
  });

  it('refuses what is not a whole number of cents', () => {
    expect(() => formatEuro(12.5)).toThrow(RangeError);
    expect(() => formatEuro(Number.NaN)).toThrow(RangeError);
    expect(() => formatEuro(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
