import { Anchor, ScrollArea, Table, VisuallyHidden } from '@mantine/core';
import type { StaffReservation } from '@incontra/contracts/api/reservations';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { dateOfInstant } from '@incontra/mfe-kit/dates/calendar-dates';
import { formatShortDay } from '@incontra/mfe-kit/format/format-day';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { timeRangeOf, topicNameOf } from '../agenda-format';
import { StatusBadge } from './status-badge';

const TEXT = IT_AGENDA.list;

interface ReservationsTableProps {
  reservations: readonly StaffReservation[];
  /** Every store is listed: each row says its own. */
  showStore: boolean;
  onOpen: (id: string) => void;
}

/** One page of the list: the customer's name opens the appointment. On a phone the table scrolls sideways in its own box. */
export function ReservationsTable({ reservations, showStore, onOpen }: ReservationsTableProps) {
  const { company } = useMfeProps();
  return (
    <ScrollArea type="auto" offsetScrollbars="x">
      <Table striped highlightOnHover verticalSpacing="sm" miw="max-content">
        <Table.Caption>
          <VisuallyHidden>{TEXT.caption}</VisuallyHidden>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{TEXT.date}</Table.Th>
            <Table.Th>{TEXT.time}</Table.Th>
            <Table.Th>{TEXT.customer}</Table.Th>
            <Table.Th>{TEXT.topic}</Table.Th>
            {showStore && <Table.Th>{TEXT.store}</Table.Th>}
            <Table.Th>{TEXT.room}</Table.Th>
            <Table.Th>{TEXT.status}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {reservations.map((reservation) => (
            <Table.Tr key={reservation.id} style={reservation.status === 'cancelled' ? { opacity: 0.6 } : undefined}>
              <Table.Td>{formatShortDay(dateOfInstant(reservation.startsAt, company.timeZone))}</Table.Td>
              <Table.Td>
                <time dateTime={reservation.startsAt}>{timeRangeOf(reservation, company.timeZone)}</time>
              </Table.Td>
              <Table.Td>
                <Anchor
                  component="button"
                  type="button"
                  onClick={() => onOpen(reservation.id)}
                  aria-label={TEXT.open(reservation.customer.name)}
                  data-testid="agenda-item"
                  data-reservation-id={reservation.id}
                  fw={500}
                >
                  {reservation.customer.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{topicNameOf(reservation)}</Table.Td>
              {showStore && <Table.Td>{reservation.store.name}</Table.Td>}
              <Table.Td>{reservation.room.name}</Table.Td>
              <Table.Td>
                <StatusBadge status={reservation.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
