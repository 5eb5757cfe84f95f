import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { ManagedRoom } from '@incontra/contracts/api/room-management';
import type { StaffReservation } from '@incontra/contracts/api/reservations';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { useAllReservations } from '../api/get-reservations';
import { AgendaItem } from './agenda-item';
import { ReservationsState } from './reservations-state';

interface DayViewProps {
  storeId: string;
  roomId: string | null;
  day: string;
  /** The store's rooms, by name: a column each, an empty one too. */
  rooms: readonly ManagedRoom[];
  onOpen: (id: string) => void;
  /** The appointment just booked here, marked among the others. */
  highlightId?: string | null;
}

interface RoomColumn {
  id: string;
  name: string;
  reservations: StaffReservation[];
}

/**
 * The columns of a day: the store's bookable rooms (or the one filtered), and any other room
 * that has an appointment (one taken out of booking since, say), each with its appointments by start.
 */
function roomColumns(reservations: readonly StaffReservation[], rooms: readonly ManagedRoom[], roomId: string | null): RoomColumn[] {
  const columns = new Map<string, RoomColumn>();
  for (const room of rooms) {
    if (roomId ? room.id === roomId : room.reservationSlots > 0) columns.set(room.id, { id: room.id, name: room.name, reservations: [] });
  }
  for (const reservation of reservations) {
    let column = columns.get(reservation.room.id);
    if (!column) {
      column = { id: reservation.room.id, name: reservation.room.name, reservations: [] };
      columns.set(column.id, column);
    }
    column.reservations.push(reservation);
  }
  return [...columns.values()];
}

/** A store's day, room by room (side by side on a wide screen, one under the other on a phone). */
export function DayView({ storeId, roomId, day, rooms, onOpen, highlightId = null }: DayViewProps) {
  const reservations = useAllReservations({ store: storeId, room: roomId ?? undefined, from: day, to: day });
  return (
    <ReservationsState query={reservations} emptyText={IT_AGENDA.day.empty}>
      {(rows) => {
        const columns = roomColumns(rows, rooms, roomId);
        return (
          <SimpleGrid cols={{ base: 1, sm: Math.min(columns.length, 2), lg: Math.min(columns.length, 4) }} spacing="md">
            {columns.map((column) => (
              <RoomDay key={column.id} column={column} onOpen={onOpen} highlightId={highlightId} />
            ))}
          </SimpleGrid>
        );
      }}
    </ReservationsState>
  );
}

function RoomDay({ column, onOpen, highlightId }: { column: RoomColumn; onOpen: (id: string) => void; highlightId: string | null }) {
  const titleId = useId();
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby={titleId} data-testid="agenda-room" bg="var(--mantine-color-default-hover)">
      <Title order={3} size="h5" id={titleId} mb="xs">
        {column.name}
      </Title>
      {column.reservations.length === 0 ? (
        <Text size="sm" c="dimmed">
          {IT_AGENDA.day.roomEmpty}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {column.reservations.map((reservation) => (
            <li key={reservation.id}>
              <AgendaItem reservation={reservation} onOpen={onOpen} highlighted={reservation.id === highlightId} />
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
