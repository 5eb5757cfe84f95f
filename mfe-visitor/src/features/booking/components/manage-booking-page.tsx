import { Container, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { IT_BOOKING } from '@incontra/contracts/messages/it-booking';
import { IT_BOOKING_PAGES } from '@incontra/contracts/messages/it-booking-pages';
import { IT_VISITOR_PAGES } from '@incontra/contracts/messages/it-visitor-pages';
import { apiErrorMessage, isApiStatus } from '@incontra/mfe-kit/api-error';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { PageLoader } from '@incontra/mfe-kit/page-loader';
import { useDocumentTitle } from '@incontra/mfe-kit/use-document-title';
import { RetryAlert } from '../../../app/retry-alert';
import { reservationKey, useReservation } from '../api/get-reservation';
import type { ManageCredentials } from '../api/manage-calls';
import { verifyReservationPayment } from '../api/reservation-payment';
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

/** What Stripe adds to the return address after a bank's page (the payment step's `return_url`). */
const STRIPE_RETURN_PARAMS = ['payment_intent', 'payment_intent_client_secret', 'redirect_status'] as const;

/**
 * Back from a bank's page (a held appointment paid through Stripe): the API reads the payment
 * again and applies it (GET …/payment: paid → booked) before the reservation is shown, its answer
 * the page's reservation; then the address loses Stripe's parameters (a reload just reads it).
 * A failed settle shows the reservation as it stands (still held: the sweep and Stripe's event
 * settle it all the same).
 */
function SettleStripeReturn({ credentials }: { credentials: ManageCredentials }) {
  const { id, token } = credentials;
  const { company } = useMfeProps();
  const queryClient = useQueryClient();
  const [, setParams] = useSearchParams();
  const settled = useQuery({
    queryKey: [...reservationKey(company.id, credentials), 'payment'] as const,
    queryFn: () => verifyReservationPayment(credentials),
    retry: false,
    refetchOnWindowFocus: false,
  });
  useEffect(() => {
    if (settled.isPending) return;
    if (settled.data) queryClient.setQueryData(reservationKey(company.id, { id, token }), settled.data.reservation);
    setParams({ token }, { replace: true });
  }, [settled.isPending, settled.data, queryClient, company.id, id, token, setParams]);
  return <PageLoader minHeight="50vh" />;
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
  if (STRIPE_RETURN_PARAMS.some((name) => params.has(name))) return <SettleStripeReturn credentials={{ id, token }} />;
  return <LoadedReservation credentials={{ id, token }} />;
}
