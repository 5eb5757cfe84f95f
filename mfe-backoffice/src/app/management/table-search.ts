/** Text as a search compares it (the API's searched lists use the same rule). */
export { searchableText as searchable } from '@incontra/contracts/api/list-page';

const collator = new Intl.Collator('it', { numeric: true, sensitivity: 'base' });

export type SortValue = string | number;

export function compareSortValues(a: SortValue, b: SortValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}
