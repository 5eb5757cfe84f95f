import * as z from 'zod/mini';
import { IT_MANAGEMENT } from '../messages/it-management';

/*
 * The management lists' pages: GET /api/users, GET /api/rooms and the like answer one page of
 * rows, searched and sorted by the database, with the count of every row the search finds. A
 * company with a thousand users gets twenty of them per call, not a quarter of a megabyte.
 */

export const LIST_PAGE_SIZE = 20;
export const LIST_PAGE_SIZE_MAX = 100;
export const LIST_SEARCH_MAX = 100;

export type SortDirection = 'asc' | 'desc';

/**
 * Text as a list's search compares it: accents taken off, lower case («Città» matches «citta»).
 * The back office's own tables and the API's searched lists (for the words typed) share it.
 */
export function searchableText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('it');
}

const { listQuery: REFUSED } = IT_MANAGEMENT;

/** A whole number from `min` to `max`, from the query string's text. */
const wholeNumber = (min: number, max: number, message: string) =>
  z.pipe(z.coerce.number({ error: message }), z.int({ error: message }).check(z.minimum(min, message), z.maximum(max, message)));
const pageNumber = wholeNumber(1, Number.MAX_SAFE_INTEGER, REFUSED.page);
const pageSize = wholeNumber(1, LIST_PAGE_SIZE_MAX, REFUSED.pageSize(LIST_PAGE_SIZE_MAX));
const search = z.string({ error: REFUSED.q(LIST_SEARCH_MAX) }).check(z.trim(), z.maxLength(LIST_SEARCH_MAX, REFUSED.q(LIST_SEARCH_MAX)));

/**
 * `?page=&pageSize=&q=&sort=&dir=`, every part optional: page 1, LIST_PAGE_SIZE rows, no search,
 * the list's own order. `sort` is one of the list's keys; `q` looks in the list's texts with case
 * and accents ignored.
 */
export function listQueryShape<const Key extends string>(sortKeys: readonly [Key, ...Key[]]) {
  return {
    page: z.optional(pageNumber),
    pageSize: z.optional(pageSize),
    q: z.optional(search),
    sort: z.optional(z.enum(sortKeys, { error: REFUSED.sort })),
    dir: z.optional(z.enum(['asc', 'desc'], { error: REFUSED.dir })),
  };
}

/** A list query with its defaults filled in, as a repository reads it. */
export interface ListRequest<Key extends string> {
  page: number;
  pageSize: number;
  /** Trimmed; '' is no search. */
  q: string;
  sort: Key | null;
  dir: SortDirection;
}

export function listRequestOf<Key extends string>(query: { page?: number; pageSize?: number; q?: string; sort?: Key; dir?: SortDirection }): ListRequest<Key> {
  return { page: query.page ?? 1, pageSize: query.pageSize ?? LIST_PAGE_SIZE, q: query.q ?? '', sort: query.sort ?? null, dir: query.dir ?? 'asc' };
}

/** The query string of a list request, without the parts left at their defaults. */
export function listSearchParams(request: Partial<ListRequest<string>>): URLSearchParams {
  const params = new URLSearchParams();
  if (request.page && request.page !== 1) params.set('page', String(request.page));
  if (request.pageSize && request.pageSize !== LIST_PAGE_SIZE) params.set('pageSize', String(request.pageSize));
  if (request.q) params.set('q', request.q);
  if (request.sort) params.set('sort', request.sort);
  if (request.sort && request.dir === 'desc') params.set('dir', 'desc');
  return params;
}

/** One page of a list: its rows, and how many rows the whole search finds. */
export function listPageShape<Item extends z.ZodMiniType>(item: Item) {
  return {
    items: z.array(item),
    /** Every row the search finds, on every page. */
    total: z.int(),
    page: z.int(),
    pageSize: z.int(),
  };
}
