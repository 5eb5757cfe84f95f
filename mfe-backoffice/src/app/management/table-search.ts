/** Text as a search compares it: lower case, without accents («Città» matches «citta»). */
export function searchable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('it');
}

const collator = new Intl.Collator('it', { numeric: true, sensitivity: 'base' });

export type SortValue = string | number;

export function compareSortValues(a: SortValue, b: SortValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}
