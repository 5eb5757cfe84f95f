import { Anchor, Button, Group } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { ManagedRoom } from '@incontra/contracts/api/room-management';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { IT_ROOMS } from '@incontra/contracts/messages/it-rooms';
import { ROUTES } from '@incontra/contracts/routes';
import { ConfirmDeleteButton } from '../../../app/management/confirm-delete';
import { DataTable, type DataTableColumn } from '../../../app/management/data-table';
import { useDeleteRoom } from '../api/delete-room';

const TEXT = IT_ROOMS.list;

const COLUMNS: DataTableColumn<ManagedRoom>[] = [
  {
    key: 'name',
    header: TEXT.name,
    sortValue: (room) => room.name,
    render: (room) => (
      <Anchor component={Link} to={`${ROUTES.rooms}/${room.id}`} aria-label={TEXT.openLabel(room.name)}>
        {room.name}
      </Anchor>
    ),
  },
  { key: 'storeName', header: TEXT.store, sortValue: (room) => room.storeName },
  { key: 'slots', header: TEXT.slots, sortValue: (room) => room.reservationSlots, render: (room) => TEXT.slotsValue(room.reservationSlots, room.slotDuration) },
  {
    key: 'maxParticipants',
    header: TEXT.maxParticipants,
    sortValue: (room) => room.maxParticipants ?? Number.MAX_SAFE_INTEGER,
    render: (room) => (room.maxParticipants === null ? TEXT.unlimited : String(room.maxParticipants)),
  },
];

/** The rooms; with `onEdit` (an admin) each row can be changed and deleted. */
export function RoomsTable({ rooms, onEdit }: { rooms: ManagedRoom[]; onEdit?: (room: ManagedRoom) => void }) {
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
  return (
    <DataTable
      caption={TEXT.caption}
      rows={rooms}
      rowKey={(room) => room.id}
      columns={columns}
      searchText={(room) => `${room.name} ${room.storeName}`}
      emptyText={TEXT.empty}
    />
  );
}
