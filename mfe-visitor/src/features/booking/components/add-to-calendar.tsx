import { Alert, Button, Stack, Title, VisuallyHidden } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import type { CustomerReservation } from '@incontra/contracts/api/reservations';
import { IT_BOOKING_PAGES } from '@incontra/contracts/messages/it-booking-pages';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { saveFile } from '@incontra/mfe-kit/files/save-file';
import { getCalendarFile } from '../api/download-calendar';
import type { ManageCredentials } from '../api/manage-calls';
import { googleCalendarLink } from '../calendar/google-calendar-link';

const T = IT_BOOKING_PAGES.confirmation;

export interface AddToCalendarProps {
  reservation: CustomerReservation;
  token: string;
  /** One below the heading it sits under: 2 on a page whose h1 it follows, 3 under a step's h2. */
  headingOrder: 2 | 3;
}

/** The appointment into the customer's calendar: the .ics file the API writes, or a new Google Calendar event. */
export function AddToCalendar({ reservation, token, headingOrder }: AddToCalendarProps) {
  const headingId = useId();
  const download = useMutation({
    mutationFn: (credentials: ManageCredentials) => getCalendarFile(credentials),
    onSuccess: (file) => saveFile(file, IT_BOOKING_PAGES.calendarFileName),
    retry: false,
  });
  return (
    <Stack component="section" aria-labelledby={headingId} gap="xs">
      <Title order={headingOrder} size="h5" id={headingId}>
        {T.addToCalendar}
      </Title>
      <Button variant="light" loading={download.isPending} onClick={() => download.mutate({ id: reservation.id, token })}>
        {T.downloadIcs}
      </Button>
      {/* noreferrer: the manage page's address carries the token. */}
      <Button component="a" variant="light" href={googleCalendarLink(reservation, window.location.origin)} target="_blank" rel="noopener noreferrer">
        {T.googleCalendar}
        <VisuallyHidden>{` ${IT_BOOKING_PAGES.details.opensInNewTab}`}</VisuallyHidden>
      </Button>
      {download.isError && (
        <Alert color="red" role="alert">
          {apiErrorMessage(download.error)}
        </Alert>
      )}
    </Stack>
  );
}
