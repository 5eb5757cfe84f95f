import { Button, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { CustomerReservation } from '@incontra/contracts/api/reservations';
import { IT_BOOKING_PAGES } from '@incontra/contracts/messages/it-booking-pages';
import { minutesBetween } from '@incontra/contracts/messages/it-when';
import { useNow } from '@incontra/mfe-kit/dates/use-now';
import { formatWait } from '../dates/countdown';

const J = IT_BOOKING_PAGES.join;

/**
 * «Entra nella videochiamata»: the customer's own join link from `joinOpensAt` (15 minutes before
 * the start) until the end; before that a disabled button with the time left ('Disponibile tra 2
 * giorni'). Nothing once the appointment is over or no longer booked.
 */
export function JoinCall({ reservation }: { reservation: CustomerReservation }) {
  const now = useNow();
  const hintId = useId();
  const opensAt = Date.parse(reservation.joinOpensAt);
  if (reservation.status !== 'booked' || now >= Date.parse(reservation.endsAt)) return null;
  const open = now >= opensAt;

  return (
    <Stack gap={4} align="flex-start" data-testid="join-call">
      {open ? (
        <Button component={Link} to={reservation.joinPath}>
          {J.enter}
        </Button>
      ) : (
        <Button disabled aria-describedby={hintId}>
          {J.enter}
        </Button>
      )}
      {!open && (
        <Text size="sm" id={hintId} data-testid="join-countdown">
          {`${J.opensIn(formatWait(opensAt - now))}. ${J.opensBefore(minutesBetween(reservation.joinOpensAt, reservation.startsAt))}`}
        </Text>
      )}
    </Stack>
  );
}
