import { Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useMemo, useState, type ReactNode } from 'react';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { PageButtons } from '@incontra/mfe-kit/list-pager';
import { ResponsiveTable, type ResponsiveColumn } from '@incontra/mfe-kit/responsive-table';
import type { ListState } from './list-state';
import { compareSortValues, searchable, type SortValue } from './table-search';

/** How long typing pauses before a server-paged table asks for the search (one call per word, not per key). */
export const SERVER_SEARCH_DELAY_MS = 300;

export interface DataTableColumn<Row> {
  key: string;
  header: string;
  /** The cell; without it, the row's property named `key`. */
  render?: (row: Row) => ReactNode;
  /** Makes the column sortable by this value (rows sorted here). */
  sortValue?: (row: Row) => SortValue;
  /** Makes the column sortable by this key of the list's API (`?sort=`), for a server-paged table. */
  sortKey?: string;
  /** 'whole': the column's words are never cut inside (ResponsiveColumn's `words`). */
  words?: 'whole';
}

/**
 * A table whose rows are one page the API searched, sorted and cut: the table shows the page
 * and asks for another through `onChange` (the page's query key follows the state).
 */
export interface ServerPaging {
  state: ListState;
  onChange: (next: ListState) => void;
  /** Every row the search finds, on every page. */
  total: number;
  /** True while the next page is on its way (the rows shown are still the last ones). */
  fetching: boolean;
}

export interface DataTableProps<Row> {
  /** Names the table for screen readers (visually hidden). */
  caption: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: readonly DataTableColumn<Row>[];
  /** The text the search box looks in; without it there is no search box. */
  searchText?: (row: Row) => string;
  pageSize?: number;
  /** Said when there are no rows at all (a search that finds nothing says «Nessun risultato.»). */
  emptyText?: string;
  /** The rows are one page of the API's: search, sort and pages are asked of it. */
  server?: ServerPaging;
}

interface Sort {
  key: string;
  direction: 'ascending' | 'descending';
}

const { table: TEXT } = IT_MANAGEMENT;

/**
 * The management lists' table: search (case and accents ignored), sorting by a column's header,
 * pages, and an empty state. Where its box is narrow each row is a card (ResponsiveTable): the
 * page never scrolls sideways. With `server`, the API does the search, sort and pages (the long lists:
 * users, rooms); without, the rows given are all there are and the table does them.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  return props.server ? <ServerDataTable {...props} server={props.server} /> : <ClientDataTable {...props} />;
}

function ClientDataTable<Row>({ caption, rows, rowKey, columns, searchText, pageSize = 20, emptyText }: DataTableProps<Row>) {
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<Sort | null>(null);
  const [page, setPage] = useState(1);

  const visible = useMemo(() => {
    const needle = searchable(query.trim());
    const found = searchText && needle ? rows.filter((row) => searchable(searchText(row)).includes(needle)) : [...rows];
    const sortValue = sort && columns.find((column) => column.key === sort.key)?.sortValue;
    if (!sort || !sortValue) return found;
    const sign = sort.direction === 'ascending' ? 1 : -1;
    return found.sort((a, b) => sign * compareSortValues(sortValue(a), sortValue(b)));
  }, [rows, columns, searchText, query, sort]);

  const totalPages = Math.max(1, Math.ceil(visible.length / pageSize));
  // A search or a deletion may leave fewer pages than the one shown.
  const currentPage = Math.min(page, totalPages);
  const pageRows = visible.slice((currentPage - 1) * pageSize, currentPage * pageSize);

  const toggleSort = (key: string) => {
    setSort((current) => ({ key, direction: current?.key === key && current.direction === 'ascending' ? 'descending' : 'ascending' }));
    setPage(1);
  };

  return (
    <Stack gap="sm">
      {searchText && (
        <SearchBox
          value={query}
          onChange={(value) => {
            setQuery(value);
            setPage(1);
          }}
        />
      )}
      <TableView
        caption={caption}
        rows={pageRows}
        rowKey={rowKey}
        columns={columns}
        sort={sort}
        onSort={toggleSort}
        sortable={(column) => Boolean(column.sortValue)}
      />
      {pageRows.length === 0 && <EmptyLine text={rows.length === 0 ? (emptyText ?? TEXT.empty) : TEXT.noResults} />}
      <PageButtons total={totalPages} current={currentPage} onChange={setPage} />
    </Stack>
  );
}

function ServerDataTable<Row>({ caption, rows, rowKey, columns, emptyText, server }: DataTableProps<Row> & { server: ServerPaging }) {
  const { state, onChange, total, fetching } = server;
  // What is typed shows at once; the API is asked once typing pauses.
  const [typed, setTyped] = useState(state.q);
  const search = useDebouncedCallback((q: string) => onChange({ ...state, q: q.trim(), page: 1 }), SERVER_SEARCH_DELAY_MS);
  const totalPages = Math.max(1, Math.ceil(total / state.pageSize));
  // The state holds the API's key; the header marks the column declared with it.
  const sortedColumn = state.sort === null ? undefined : columns.find((column) => column.sortKey === state.sort);
  const sort: Sort | null = sortedColumn ? { key: sortedColumn.key, direction: state.dir === 'desc' ? 'descending' : 'ascending' } : null;

  const toggleSort = (key: string) => {
    const sortKey = columns.find((column) => column.key === key)?.sortKey;
    if (!sortKey) return;
    const dir = state.sort === sortKey && state.dir === 'asc' ? 'desc' : 'asc';
    onChange({ ...state, sort: sortKey, dir, page: 1 });
  };
  const first = (state.page - 1) * state.pageSize + 1;

  return (
    <Stack gap="sm">
      <SearchBox
        value={typed}
        onChange={(value) => {
          setTyped(value);
          search(value);
        }}
      />
      <div aria-busy={fetching}>
        <TableView
          caption={caption}
          rows={rows}
          rowKey={rowKey}
          columns={columns}
          sort={sort}
          onSort={toggleSort}
          sortable={(column) => Boolean(column.sortKey)}
        />
      </div>
      {rows.length === 0 ? (
        <EmptyLine text={total === 0 && state.q === '' ? (emptyText ?? TEXT.empty) : TEXT.noResults} />
      ) : (
        totalPages > 1 && (
          <Text size="sm" c="dimmed" ta="center">
            {TEXT.range(first, first + rows.length - 1, total)}
          </Text>
        )
      )}
      <PageButtons total={totalPages} current={Math.min(state.page, totalPages)} onChange={(page) => onChange({ ...state, page })} />
    </Stack>
  );
}

function SearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return <TextInput label={TEXT.search} type="search" value={value} onChange={(event) => onChange(event.currentTarget.value)} maw={360} />;
}

/** What the table says in place of rows: the list is empty, or the search found nothing. */
function EmptyLine({ text }: { text: string }) {
  return (
    <Text c="dimmed" ta="center" py="md" role="status">
      {text}
    </Text>
  );
}

interface TableViewProps<Row> {
  caption: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: readonly DataTableColumn<Row>[];
  sort: Sort | null;
  onSort: (key: string) => void;
  sortable: (column: DataTableColumn<Row>) => boolean;
}

function TableView<Row>({ caption, rows, rowKey, columns, sort, onSort, sortable }: TableViewProps<Row>) {
  const shown: ResponsiveColumn<Row>[] = columns.map((column) => ({
    key: column.key,
    header: column.header,
    words: column.words,
    render: (row) => (column.render ? column.render(row) : cellValue(row, column.key)),
  }));
  const byKey = new Map(columns.map((column) => [column.key, column]));
  return (
    <ResponsiveTable
      caption={caption}
      columns={shown}
      rows={rows}
      rowKey={rowKey}
      highlightOnHover
      headerCell={(shownColumn) => {
        const column = byKey.get(shownColumn.key)!;
        return sortable(column) ? sortHeader(column, sort, onSort) : null;
      }}
    />
  );
}

/** A sortable column's header: a button that sorts by it, and the order it is in for screen readers. */
function sortHeader<Row>(column: DataTableColumn<Row>, sort: Sort | null, onSort: (key: string) => void) {
  const direction = sort?.key === column.key ? sort.direction : null;
  return {
    props: { 'aria-sort': direction ?? 'none' } as const,
    content: (
      <UnstyledButton onClick={() => onSort(column.key)} fw={700} fz="sm" className="mantine-focus-auto">
        {column.header}
        <span aria-hidden="true">{direction === 'ascending' ? ' ▲' : direction === 'descending' ? ' ▼' : ' ↕'}</span>
      </UnstyledButton>
    ),
  };
}

function cellValue<Row>(row: Row, key: string): ReactNode {
  const value = (row as Record<string, unknown>)[key];
  return value === null || value === undefined ? '' : String(value);
}
