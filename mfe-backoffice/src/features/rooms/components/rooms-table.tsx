import { Anchor, Button, Group } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { ManagedRoom } from '@incontra/contracts/api/room-management';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { IT_ROOMS } from '@incontra/contracts/messages/it-rooms';
import { ROUTES } from '@incontra/contracts/routes';
import { ConfirmDeleteButton } from '../../../app/management/confirm-delete';
import { DataTable, type DataTableColumn, type ServerPaging } from '../../../app/management/data-table';
import { useDeleteRoom } from '../api/delete-room';

const TEXT = IT_ROOMS.list;

const COLUMNS: DataTableColumn<ManagedRoom>[] = [
  {
    key: 'name',
    header: TEXT.name,
    sortKey: 'name',
    render: (room) => (
      <Anchor component={Link} to={`${ROUTES.rooms}/${room.id}`} aria-label={TEXT.openLabel(room.name)}>
        {room.name}
      </Anchor>
    ),
  },
  { key: 'storeName', header: TEXT.store, sortKey: 'store' },
  { key: 'slots', header: TEXT.slots, sortKey: 'reservationSlots', render: (room) => TEXT.slotsValue(room.reservationSlots, room.slotDuration) },
  {
    key: 'maxParticipants',
    header: TEXT.maxParticipants,
    sortKey: 'maxParticipants',
    render: (room) => (room.maxParticipants === null ? TEXT.unlimited : String(room.maxParticipants)),
  },
];

interface RoomsTableProps {
  /** One page of rooms, as the API answered it for `paging`. */
  rooms: ManagedRoom[];
  paging: ServerPaging;
  /** With it (an admin) each row can be changed and deleted. */
  onEdit?: (room: ManagedRoom) => void;
}

/** The rooms, a page at a time, searched and sorted by the API. */
export function RoomsTable({ rooms, paging, onEdit }: RoomsTableProps) {
  const remove = useDeleteRoom();
  const columns: DataTableColumn<ManagedRoom>[] = onEdit
    ? [
        ...COLUMNS,
        {
          key: 'actions',
          header: IT_MANAGEMENT.table.actions,
          render: (room) => (
            <Group gap="xs" wrap="nowrap">
              <Button variant="light" size="xs" onClick={() => onEdit(room)} aria-label={TEXT.editLabel(room.name)}>
                {IT_MANAGEMENT.form.edit}
              </Button>
              <ConfirmDeleteButton name={room.name} onConfirm={() => remove.mutateAsync(room.id)} />
            </Group>
          ),
        },
      ]
    : COLUMNS;
  return <DataTable caption={TEXT.caption} rows={rooms} rowKey={(room) => room.id} columns={columns} server={paging} emptyText={TEXT.empty} />;
}
