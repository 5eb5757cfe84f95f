const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });
const longDate = new Intl.DateTimeFormat('it-IT', { dateStyle: 'long' });

/** Plan prices are euro cents. */
export function formatPrice(cents: number): string {
  return euro.format(cents / 100);
}

export function formatDate(iso: string): string {
  return longDate.format(new Date(iso));
}
