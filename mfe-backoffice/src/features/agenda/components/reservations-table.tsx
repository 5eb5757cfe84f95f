import { Anchor, Group } from '@mantine/core';
import type { StaffReservation } from '@incontra/contracts/api/reservations';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { dateOfInstant } from '@incontra/mfe-kit/dates/calendar-dates';
import { formatShortDay } from '@incontra/mfe-kit/format/format-day';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { ResponsiveTable, type ResponsiveColumn } from '@incontra/mfe-kit/responsive-table';
import { timeRangeOf, topicNameOf } from '../agenda-format';
import { PaymentBadge } from './payment-badge';
import { StatusBadge } from './status-badge';

const TEXT = IT_AGENDA.list;

interface ReservationsTableProps {
  reservations: readonly StaffReservation[];
  /** Every store is listed: each row says its own. */
  showStore: boolean;
  onOpen: (id: string) => void;
}

/** One page of the list: the customer's name opens the appointment. On a phone each appointment is a card. */
export function ReservationsTable({ reservations, showStore, onOpen }: ReservationsTableProps) {
  const { company } = useMfeProps();
  const columns: ResponsiveColumn<StaffReservation>[] = [
    {
      key: 'date',
      header: TEXT.date,
      render: (reservation) => {
        const date = dateOfInstant(reservation.startsAt, company.timeZone);
        return <time dateTime={date}>{formatShortDay(date)}</time>;
      },
    },
    {
      key: 'time',
      header: TEXT.time,
      render: (reservation) => <time dateTime={reservation.startsAt}>{timeRangeOf(reservation, company.timeZone)}</time>,
    },
    {
      key: 'customer',
      header: TEXT.customer,
      render: (reservation) => (
        <Anchor
          component="button"
          type="button"
          onClick={() => onOpen(reservation.id)}
          aria-label={TEXT.open(reservation.customer.name)}
          data-testid="agenda-item"
          data-reservation-id={reservation.id}
          fw={500}
          ta="start"
        >
          {reservation.customer.name}
        </Anchor>
      ),
    },
    { key: 'topic', header: TEXT.topic, render: topicNameOf },
    ...(showStore ? [{ key: 'store', header: TEXT.store, render: (reservation: StaffReservation) => reservation.store.name }] : []),
    { key: 'room', header: TEXT.room, render: (reservation) => reservation.room.name },
    {
      key: 'status',
      header: TEXT.status,
      render: (reservation) => (
        <Group gap={4} wrap="wrap">
          <StatusBadge status={reservation.status} />
          <PaymentBadge payment={reservation.payment} />
        </Group>
      ),
    },
  ];
  return (
    <ResponsiveTable
      caption={TEXT.caption}
      columns={columns}
      rows={reservations}
      rowKey={(reservation) => reservation.id}
      highlightOnHover
      // Dimmed text, not opacity: a faded row took its links and badge below 4.5:1.
      rowProps={(reservation) => (reservation.status === 'cancelled' ? { style: { color: 'var(--mantine-color-dimmed)' } } : {})}
    />
  );
}
