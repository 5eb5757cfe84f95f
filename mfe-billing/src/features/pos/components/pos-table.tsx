import { Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import './pos-table.css';

export interface PosColumn<Row> {
  key: string;
  header: string;
  render: (row: Row) => ReactNode;
}

interface PosTableProps<Row> {
  id: string;
  caption: string;
  columns: readonly PosColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}

/** A table of the point of sale; on a phone each row is a card. The roles are written out: as cards, the rows keep them for screen readers. */
export function PosTable<Row>({ id, caption, columns, rows, rowKey }: PosTableProps<Row>) {
  return (
    <div className="pos-table-frame">
      <Table className="pos-table" role="table" aria-labelledby={`${id}-caption`} striped verticalSpacing="sm">
        <Table.Caption id={`${id}-caption`}>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </Table.Caption>
        <Table.Thead role="rowgroup">
          <Table.Tr role="row">
            {columns.map((column) => (
              <Table.Th key={column.key} role="columnheader" scope="col">
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody role="rowgroup">
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)} role="row">
              {columns.map((column) => (
                <Table.Td key={column.key} role="cell" data-label={column.header}>
                  {column.render(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
