import { IT_BILLING_PAGES } from '@incontra/contracts/messages/it-billing-pages';
import { formatEuro } from '@incontra/contracts/money';

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per style and zone: building one is slow, and a page writes many dates. */
function dateFormat(dateStyle: 'long' | 'short', timeZone: string): Intl.DateTimeFormat {
  const key = `${dateStyle} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('it-IT', { dateStyle, timeZone });
    formats.set(key, format);
  }
  return format;
}

/** Amounts are euro cents: 123456 → «1.234,56 €», the contracts' one format (the receipts read the same). */
export function formatPrice(cents: number): string {
  return formatEuro(cents);
}

/** «1 marzo 2026», the day in the company's zone. */
export function formatDate(iso: string, timeZone: string): string {
  return dateFormat('long', timeZone).format(new Date(iso));
}

/** «01/03/26», for table cells, the day in the company's zone. */
export function formatShortDate(iso: string, timeZone: string): string {
  return dateFormat('short', timeZone).format(new Date(iso));
}

/** The VAT on a net amount at `rate` percent, rounded to the cent as the API does for a plan's price. */
export function vatOn(netCents: number, rate: number): number {
  return Math.round((netCents * rate) / 100);
}

/** «visa» → «Visa», «amex» → «American Express»; a brand we do not know, capitalised. */
export function cardBrandName(brand: string): string {
  const known = IT_BILLING_PAGES.card.brands[brand.toLowerCase()];
  return known ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}
