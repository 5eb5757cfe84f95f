import { Button, Group } from '@mantine/core';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { ConfirmDeleteButton } from './confirm-delete';
import type { DataTableColumn } from './data-table';

export interface EditDeleteColumnOptions<Row> {
  /** «Modifica» as a screen reader names it for the row («Modifica Sala 1»). */
  editLabel: (name: string) => string;
  onEdit: (row: Row) => void;
  /** The deletion, asked first; a rejection keeps the question open with its message. */
  onDelete: (row: Row) => Promise<unknown>;
}

/**
 * The actions column of a table whose rows an admin changes and deletes (stores, topics, rooms):
 * «Modifica», then the delete button that asks first.
 */
export function editDeleteColumn<Row extends { name: string }>({ editLabel, onEdit, onDelete }: EditDeleteColumnOptions<Row>): DataTableColumn<Row> {
  return {
    key: 'actions',
    header: IT_MANAGEMENT.table.actions,
    render: (row) => (
      <Group gap="xs" wrap="nowrap">
        <Button variant="light" size="xs" onClick={() => onEdit(row)} aria-label={editLabel(row.name)}>
          {IT_MANAGEMENT.form.edit}
        </Button>
        <ConfirmDeleteButton name={row.name} onConfirm={() => onDelete(row)} />
      </Group>
    ),
  };
}
