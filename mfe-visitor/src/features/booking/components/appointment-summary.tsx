import { Badge, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CustomerReservation } from '@incontra/contracts/api/reservations';
import { IT_BOOKING_PAGES } from '@incontra/contracts/messages/it-booking-pages';
import { whenSentence } from '@incontra/contracts/messages/it-when';

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

/**
 * What the appointment is about, that it is a video call (its day, time, length and time zone in
 * the e-mails' one sentence: never an address, which would read as a visit to the store), and whom
 * it is with; the status too on the manage page. The time is on the company's clock.
 */
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
      <Row label={T.videoCall}>
        <span data-testid="appointment-when">{whenSentence(reservation)}</span>
      </Row>
      <Row label={T.with}>{`${reservation.company.name} · ${reservation.store.name}`}</Row>
    </Stack>
  );
}
