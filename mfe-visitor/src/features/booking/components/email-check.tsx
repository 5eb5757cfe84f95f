import { Alert, Stack, Text } from '@mantine/core';
import { BOOKING_CONFIRMATION_MINUTES, type PendingReservation } from '@incontra/contracts/api/reservations';
import { IT_BOOKING_PAGES } from '@incontra/contracts/messages/it-booking-pages';
import { formatClock } from '@incontra/mfe-kit/format/format-clock';
import { browserTimeZone } from '../dates/format-dates';

const T = IT_BOOKING_PAGES.emailCheck;

/**
 * The booking's end while the store asks for e-mail confirmation: where the link went, until when
 * it works (on the visitor's own clock: it is their deadline), and that the time is not theirs yet.
 */
export function EmailCheck({ pending }: { pending: PendingReservation }) {
  return (
    <Stack gap="md" data-testid="booking-email-check">
      <Text style={{ overflowWrap: 'anywhere' }}>{T.lead(pending.email)}</Text>
      <Text>{T.validity(BOOKING_CONFIRMATION_MINUTES, formatClock(pending.expiresAt, browserTimeZone()))}</Text>
      <Alert color="yellow" variant="light">
        {T.notHeld}
      </Alert>
      <Text size="sm">{T.spam}</Text>
    </Stack>
  );
}
