import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { CreatedReservation } from '@incontra/contracts/api/reservations';
import { IT_BOOKING_PAGES } from '@incontra/contracts/messages/it-booking-pages';
import { managePath } from '../api/manage-calls';
import { AddToCalendar } from './add-to-calendar';
import { AppointmentSummary } from './appointment-summary';
import { JoinCall } from './join-call';

const T = IT_BOOKING_PAGES.confirmation;

/**
 * After the booking: what and when, the way into the call, into the calendar, and the way to change
 * or cancel it. `headingOrder`: its sections' headings, one below the heading it sits under.
 */
export function BookingConfirmation({ created, headingOrder }: { created: CreatedReservation; headingOrder: 2 | 3 }) {
  const { reservation, manageToken } = created;
  return (
    <Stack gap="lg" data-testid="booking-confirmation">
      <Text>{T.lead(reservation.customer.email)}</Text>
      <AppointmentSummary reservation={reservation} />
      <JoinCall reservation={reservation} />
      <AddToCalendar reservation={reservation} token={manageToken} headingOrder={headingOrder} />
      <Stack gap={4}>
        <Button component={Link} to={managePath({ id: reservation.id, token: manageToken })} variant="default">
          {T.manage}
        </Button>
        <Text size="sm" c="dimmed">
          {T.manageHint}
        </Text>
      </Stack>
    </Stack>
  );
}
