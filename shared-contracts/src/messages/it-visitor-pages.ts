import { IT_PAGE_TITLES } from './it-page-titles';

/** What visitors read of the company's own texts: its privacy and terms pages, and the walls. */
export const IT_VISITOR_PAGES = {
  privacy: {
    title: 'Informativa sulla privacy',
    empty: 'L’informativa sulla privacy non è ancora disponibile.',
  },
  terms: {
    title: 'Termini e condizioni',
    empty: 'Il testo dei termini e condizioni non è ancora disponibile.',
  },
  /** The browser tab of a visitor page: the page, then whose it is (as IT_PAGE_TITLES.of). */
  documentTitle: IT_PAGE_TITLES.of,
  /** The name a wall is announced by (the company's, or the chosen store's). */
  wallOf: (owner: string) => `Bacheca di ${owner}`,
} as const;
