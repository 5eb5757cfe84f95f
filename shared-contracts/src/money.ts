/*
 * Money is integer euro cents everywhere; this is the one way a person reads an amount, in the
 * screens, the e-mails and the PDF receipt alike. Written by hand rather than with Intl: Italian
 * CLDR data leave four-digit amounts ungrouped ("1234,56 €"), and the receipt must read the same
 * as the screen on every runtime.
 */

/** `cents` as Italian euros: 123456 → '1.234,56 €', -5 → '-0,05 €'. Refuses a non-integer. */
export function formatEuro(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  const euros = String(Math.floor(absolute / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const rest = String(absolute % 100).padStart(2, '0');
  return `${sign}${euros},${rest} €`;
}
