import { Badge, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CustomerReservation } from '@incontra/contracts/api/reservations';
import { IT_BOOKING_PAGES } from '@incontra/contracts/messages/it-booking-pages';
import { appointmentPlace } from '../calendar/google-calendar-link';
import { formatWhen } from '../dates/format-dates';
import { TimeZoneNote } from './time-zone-note';

const T = IT_BOOKING_PAGES.summary;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** What, where and when of an appointment (and its status on the manage page), the time on the company's clock. */
export function AppointmentSummary({ reservation, withStatus = false }: { reservation: CustomerReservation; withStatus?: boolean }) {
  return (
    <Stack component="dl" gap="sm" m={0} data-testid="appointment-summary">
      {withStatus && (
        <Row label={T.status}>
          <Badge variant="light" color={reservation.status === 'booked' ? 'green' : 'gray'} size="lg">
            {IT_BOOKING_PAGES.manage.status[reservation.status]}
          </Badge>
        </Row>
      )}
      <Row label={T.what}>{reservation.topic?.name ?? reservation.room.name}</Row>
      <Row label={T.where}>{appointmentPlace(reservation)}</Row>
      <Row label={T.when}>
        {formatWhen(reservation.startsAt, reservation.timeZone)}
        <TimeZoneNote timeZone={reservation.timeZone} />
      </Row>
    </Stack>
  );
}
