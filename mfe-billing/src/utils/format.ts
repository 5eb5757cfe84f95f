const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });
const longDate = new Intl.DateTimeFormat('it-IT', { dateStyle: 'long' });
const shortDate = new Intl.DateTimeFormat('it-IT', { dateStyle: 'short' });

/** Amounts are euro cents: 123456 → «1.234,56 €». */
export function formatPrice(cents: number): string {
  return euro.format(cents / 100);
}

/** «1 marzo 2026». */
export function formatDate(iso: string): string {
  return longDate.format(new Date(iso));
}

/** «01/03/26», for table cells. */
export function formatShortDate(iso: string): string {
  return shortDate.format(new Date(iso));
}

/** The VAT on a net amount at `rate` percent, rounded to the cent as the API does for a plan's price. */
export function vatOn(netCents: number, rate: number): number {
  return Math.round((netCents * rate) / 100);
}
