import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { IT_BOOKING } from '@incontra/contracts/messages/it-booking';
import { IT_BOOKING_PAGES } from '@incontra/contracts/messages/it-booking-pages';
import { IT_VISITOR_PAGES } from '@incontra/contracts/messages/it-visitor-pages';
import { apiErrorMessage, isApiStatus } from '@incontra/mfe-kit/api-error';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { PageLoader } from '@incontra/mfe-kit/page-loader';
import { useDocumentTitle } from '@incontra/mfe-kit/use-document-title';
import { RetryAlert } from '../../../app/retry-alert';
import { useReservation } from '../api/get-reservation';
import type { ManageCredentials } from '../api/manage-calls';
import { ReservationView } from './reservation-view';

const T = IT_BOOKING_PAGES.manage;

/** The page's frame: as wide as the booking page, whose calendar and times the move panel shows side by side. */
function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size="sm" py="xl" px="md">
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        {children}
      </Stack>
    </Container>
  );
}

function LoadedReservation({ credentials }: { credentials: ManageCredentials }) {
  const reservation = useReservation(credentials);
  // Once read, the reservation stays on the page: a later read that fails (on focus) does not hide it.
  if (reservation.data) {
    return (
      <Frame title={T.title}>
        <ReservationView reservation={reservation.data} credentials={credentials} />
      </Frame>
    );
  }
  if (reservation.isPending) return <PageLoader minHeight="50vh" />;
  const error = reservation.error;
  // A wrong or cut link (404) and a missing token (401) say the same thing: use the e-mail's link.
  if (isApiStatus(error, 404) || isApiStatus(error, 401)) {
    return (
      <Frame title={T.notFoundTitle}>
        <Text data-testid="manage-link-invalid">{T.notFoundText}</Text>
      </Frame>
    );
  }
  return (
    <Frame title={T.title}>
      <RetryAlert title={apiErrorMessage(error)} onRetry={() => void reservation.refetch()} />
    </Frame>
  );
}

/**
 * `/prenotazione/{id}?token=…`: the customer's own reservation, reached from the e-mail's link or
 * the confirmation page. The token proves the right to it; without one there is nothing to ask.
 */
export function ManageBookingPage() {
  const { company } = useMfeProps();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token');
  useDocumentTitle(IT_VISITOR_PAGES.documentTitle(T.title, company.name));
  if (!token) {
    return (
      <Frame title={T.title}>
        <Text data-testid="manage-link-invalid">{IT_BOOKING.errors.tokenRequired}</Text>
      </Frame>
    );
  }
  return <LoadedReservation credentials={{ id, token }} />;
}
