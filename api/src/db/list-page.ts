import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { searchableText, type ListRequest } from '@incontra/contracts/api/list-page';

/*
 * What the management lists share on the database side: a search that ignores case and accents,
 * an order with a tie-breaker, and the page's rows with the count of every row found, in one query.
 */

// The accented letters Italian, French, German and Spanish names use, and their bare forms, in
// both cases: lower() leaves non-ASCII letters alone under the C locale the embedded database has.
const ACCENTED = 'àáâãäåèéêëìíîïòóôõöùúûüýÿçñÀÁÂÃÄÅÈÉÊËÌÍÎÏÒÓÔÕÖÙÚÛÜÝÇÑ';
const BARE = 'aaaaaaeeeeiiiiooooouuuuyycnaaaaaaeeeeiiiiooooouuuuycn';

/** A text as the search compares it, in SQL: accents taken off, lower case (searchableText's rule). */
export function searchableSql(text: SQL | AnyColumn): SQL {
  return sql`lower(translate(${text}, ${ACCENTED}, ${BARE}))`;
}

/**
 * Rows whose texts contain the words searched for (null: no search). strpos, not LIKE: a `%` or
 * `_` typed in the search box is looked for as itself.
 */
export function searchCondition(q: string, texts: readonly (SQL | AnyColumn)[]): SQL | undefined {
  const needle = searchableText(q.trim());
  if (needle === '') return undefined;
  const haystack = searchableSql(sql`concat_ws(' ', ${sql.join(texts as (SQL | AnyColumn)[], sql`, `)})`);
  return sql`strpos(${haystack}, ${needle}) > 0`;
}

/**
 * The list's order: the key a header chose, then the list's own order (`fallback`), then
 * `tieBreak`, so that rows equal on every key keep one order and pages never overlap.
 */
export function orderOf<Key extends string>(
  request: ListRequest<Key>,
  keys: Record<Key, SQL | AnyColumn>,
  fallback: readonly (SQL | AnyColumn)[],
  tieBreak: AnyColumn,
): SQL[] {
  const chosen = request.sort === null ? [] : [(request.dir === 'desc' ? desc : asc)(keys[request.sort])];
  return [...chosen, ...fallback.map((key) => asc(key)), asc(tieBreak)];
}

/** `count(*) over ()`: every row the search finds, carried on each row of the page. */
export const totalOverSql = sql<number>`(count(*) over ())::int`;

/**
 * The page's total: carried on its rows, or counted apart when the page is past the end (a row
 * deleted since the previous page was read leaves no row to carry it).
 */
export async function totalOf(rows: readonly { total: number }[], request: Pick<ListRequest<string>, 'page'>, count: () => Promise<number>): Promise<number> {
  if (rows.length > 0) return rows[0]!.total;
  return request.page === 1 ? 0 : count();
}

export function offsetOf(request: Pick<ListRequest<string>, 'page' | 'pageSize'>): number {
  return (request.page - 1) * request.pageSize;
}
