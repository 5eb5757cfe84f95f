import { useState } from 'react';
import { LIST_PAGE_SIZE, type ListRequest } from '@incontra/contracts/api/list-page';

/** What a server-paged table asks for: page, page size, search, sort. */
export type ListState<Key extends string = string> = ListRequest<Key>;

export const FIRST_PAGE: ListState<never> = { page: 1, pageSize: LIST_PAGE_SIZE, q: '', sort: null, dir: 'asc' };

/**
 * A server-paged table's request, held by the page that reads the list (its query key follows it).
 * The table sets it from its columns' `sortKey`s, which the page declared from the list's keys.
 */
export function useListState<Key extends string>(): [ListState<Key>, (next: ListState) => void] {
  const [state, setState] = useState<ListState<Key>>(FIRST_PAGE);
  return [state, setState as (next: ListState) => void];
}
