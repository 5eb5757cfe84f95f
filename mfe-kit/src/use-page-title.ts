import { IT_PAGE_TITLES } from '@incontra/contracts/messages/it-page-titles';
import { useMfeProps } from './mfe-props-context';
import { useDocumentTitle } from './use-document-title';

/** The browser tab of a page: "Prenota · Demo", the page then the company. */
export function usePageTitle(page: string): void {
  useDocumentTitle(IT_PAGE_TITLES.of(page, useMfeProps().company.name));
}
