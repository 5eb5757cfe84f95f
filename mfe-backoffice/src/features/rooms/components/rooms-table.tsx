import { Anchor } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { ManagedRoom } from '@incontra/contracts/api/room-management';
import { IT_ROOMS } from '@incontra/contracts/messages/it-rooms';
import { ROUTES } from '@incontra/contracts/routes';
import { DataTable, type DataTableColumn, type ServerPaging } from '../../../app/management/data-table';
import { editDeleteColumn } from '../../../app/management/edit-delete-column';
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
  const columns = onEdit
    ? [...COLUMNS, editDeleteColumn<ManagedRoom>({ editLabel: TEXT.editLabel, onEdit, onDelete: (room) => remove.mutateAsync(room.id) })]
    : COLUMNS;
  return <DataTable caption={TEXT.caption} rows={rooms} rowKey={(room) => room.id} columns={columns} server={paging} emptyText={TEXT.empty} />;
}
