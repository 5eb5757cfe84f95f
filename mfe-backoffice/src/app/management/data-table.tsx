import { Group, Pagination, ScrollArea, Stack, Table, Text, TextInput, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { compareSortValues, searchable, type SortValue } from './table-search';

export interface DataTableColumn<Row> {
  key: string;
  header: string;
  /** The cell; without it, the row's property named `key`. */
  render?: (row: Row) => ReactNode;
  /** Makes the column sortable by this value. */
  sortValue?: (row: Row) => SortValue;
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
}

interface Sort {
  key: string;
  direction: 'ascending' | 'descending';
}

const { table: TEXT } = IT_MANAGEMENT;

/**
 * The management lists' table: search (case and accents ignored), sorting by a column's header,
 * pages, and an empty state. On a narrow screen it scrolls sideways inside its own area instead
 * of widening the page.
 */
export function DataTable<Row>({ caption, rows, rowKey, columns, searchText, pageSize = 20, emptyText }: DataTableProps<Row>) {
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
        <TextInput
          label={TEXT.search}
          type="search"
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            setPage(1);
          }}
          maw={360}
        />
      )}
      <ScrollArea type="auto" offsetScrollbars="x">
        <Table striped highlightOnHover verticalSpacing="sm" miw="max-content">
          <Table.Caption>
            <VisuallyHidden>{caption}</VisuallyHidden>
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <HeaderCell key={column.key} column={column} sort={sort} onSort={toggleSort} />
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pageRows.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((column) => (
                  <Table.Td key={column.key}>{column.render ? column.render(row) : cellValue(row, column.key)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {pageRows.length === 0 && (
        <Text c="dimmed" ta="center" py="md" role="status">
          {rows.length === 0 ? (emptyText ?? TEXT.empty) : TEXT.noResults}
        </Text>
      )}
      {totalPages > 1 && (
        <Group justify="center">
          <Pagination
            total={totalPages}
            value={currentPage}
            onChange={setPage}
            siblings={1}
            getControlProps={(control) => ({ 'aria-label': control === 'previous' || control === 'first' ? TEXT.previousPage : TEXT.nextPage })}
            getItemProps={(item) => ({ 'aria-label': TEXT.page(item, totalPages), 'aria-current': item === currentPage ? 'page' : undefined })}
          />
        </Group>
      )}
    </Stack>
  );
}

function HeaderCell<Row>({ column, sort, onSort }: { column: DataTableColumn<Row>; sort: Sort | null; onSort: (key: string) => void }) {
  if (!column.sortValue) return <Table.Th>{column.header}</Table.Th>;
  const direction = sort?.key === column.key ? sort.direction : null;
  return (
    <Table.Th aria-sort={direction ?? 'none'}>
      <UnstyledButton onClick={() => onSort(column.key)} fw={700} fz="sm" className="mantine-focus-auto">
        {column.header}
        <span aria-hidden="true">{direction === 'ascending' ? ' ▲' : direction === 'descending' ? ' ▼' : ' ↕'}</span>
      </UnstyledButton>
    </Table.Th>
  );
}

function cellValue<Row>(row: Row, key: string): ReactNode {
  const value = (row as Record<string, unknown>)[key];
  return value === null || value === undefined ? '' : String(value);
}
