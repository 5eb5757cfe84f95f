import { Table, VisuallyHidden, type TableThProps, type TableTrProps } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import './responsive-table.css';

/** A column of a ResponsiveTable. The key `actions` marks the row's buttons (a card gives them its whole width). */
export interface ResponsiveColumn<Row> {
  key: string;
  /** The header's text, and each cell's label when a row is a card. */
  header: string;
  render: (row: Row) => ReactNode;
  /**
   * 'whole': the column's words are never cut inside (a date or times written as text; a <time>
   * element is whole anyway). By default a cell may break anywhere, for long unbroken values.
   */
  words?: 'whole';
}

export interface ResponsiveTableProps<Row> {
  /** Names the table for screen readers (visually hidden unless `captionVisible`). */
  caption: string;
  captionVisible?: boolean;
  columns: readonly ResponsiveColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The header cell's content and props (a sort button and aria-sort); without it, the header's text. */
  headerCell?: (column: ResponsiveColumn<Row>) => { content: ReactNode; props?: TableThProps } | null;
  rowProps?: (row: Row) => TableTrProps;
  striped?: boolean;
  highlightOnHover?: boolean;
}

/**
 * Every table of the back office and the billing: a table where it fits, one card per row (label: value, the
 * actions underneath) where its box is narrow, never wider than the page (responsive-table.css).
 * The roles are written out: a table shown as blocks keeps them for screen readers.
 */
export function ResponsiveTable<Row>({
  caption,
  captionVisible = false,
  columns,
  rows,
  rowKey,
  headerCell,
  rowProps,
  striped = true,
  highlightOnHover = false,
}: ResponsiveTableProps<Row>) {
  const captionId = useId();
  return (
    <div className="incontra-table-frame">
      {/* Named by its caption by id: shown as a block on a phone, a caption no longer names its table. */}
      <Table className="incontra-table" role="table" aria-labelledby={captionId} striped={striped} highlightOnHover={highlightOnHover} verticalSpacing="sm">
        <Table.Caption id={captionId}>{captionVisible ? caption : <VisuallyHidden>{caption}</VisuallyHidden>}</Table.Caption>
        <Table.Thead role="rowgroup">
          <Table.Tr role="row">
            {columns.map((column) => {
              const custom = headerCell?.(column);
              return (
                <Table.Th key={column.key} role="columnheader" {...custom?.props}>
                  {custom ? custom.content : column.header}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody role="rowgroup">
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)} role="row" {...rowProps?.(row)}>
              {columns.map((column) => (
                <Table.Td key={column.key} role="cell" data-label={column.header} data-column={column.key} data-words={column.words}>
                  {/* One box for the value: beside its label, whatever the cell holds. */}
                  <div>{column.render(row)}</div>
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
