import { Alert, Anchor, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { ConfirmReservationBody } from '@incontra/contracts/api/reservations';
import { IT } from '@incontra/contracts/messages/it';
import { IT_BOOKING } from '@incontra/contracts/messages/it-booking';
import { IT_BOOKING_PAGES } from '@incontra/contracts/messages/it-booking-pages';
import { IT_VISITOR_PAGES } from '@incontra/contracts/messages/it-visitor-pages';
import { ROUTES } from '@incontra/contracts/routes';
import { apiErrorMessage, isApiStatus } from '@incontra/mfe-kit/api-error';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useDocumentTitle } from '@incontra/mfe-kit/use-document-title';
import { pathWithStore } from '../../../app/paths';
import { confirmReservation } from '../api/confirm-reservation';
import { useFocusOnChange } from '../hooks/use-focus-on-change';
import { BookingConfirmation } from './booking-confirmation';

const T = IT_BOOKING_PAGES.confirmLink;

/** The link's two parts, or null when one is missing (a link cut by the mail client). */
function linkOf(params: URLSearchParams): ConfirmReservationBody | null {
  const confirmation = params.get('richiesta');
  const token = params.get('token');
  return confirmation && token ? { confirmation, token } : null;
}

function Frame({ title, outcome, children }: { title: string; outcome: string; children: ReactNode }) {
  // The outcome replaces the waiting text: its heading takes the focus so that it is heard.
  const heading = useFocusOnChange<HTMLHeadingElement>(outcome);
  return (
    <Container size="sm" py="xl" px="md">
      <Stack gap="lg">
        <Title order={1} ref={heading} tabIndex={-1}>
          {title}
        </Title>
        {children}
      </Stack>
    </Container>
  );
}

/**
 * `/prenota/conferma?richiesta={id}&token={token}`: the link e-mailed for a booking made while the
 * store asked for confirmation. Opening it books the time once (the API answers a second call
 * with the same reservation, so a reload is harmless), then shows what the booking flow shows.
 */
export function ConfirmBookingPage() {
  const { company, storeContext } = useMfeProps();
  const [params] = useSearchParams();
  const link = linkOf(params);
  const confirm = useMutation({ mutationFn: confirmReservation, retry: false });
  const started = useRef(false);
  const outcome = confirm.isSuccess ? 'done' : confirm.isError ? 'failed' : 'waiting';
  const title = confirm.isSuccess ? IT_BOOKING_PAGES.confirmation.title : confirm.isError || !link ? T.failedTitle : T.title;
  useDocumentTitle(IT_VISITOR_PAGES.documentTitle(title, company.name));

  useEffect(() => {
    // Once per page, even when React runs effects twice in development.
    if (!link || started.current) return;
    started.current = true;
    confirm.mutate(link);
  }, [link, confirm]);

  const bookAgain = (
    <Anchor component={Link} to={pathWithStore(ROUTES.booking, storeContext.store)}>
      {T.bookAgain}
    </Anchor>
  );

  if (!link) {
    return (
      <Frame title={title} outcome="failed">
        <Alert color="red" role="alert">
          {IT_BOOKING.errors.confirmationNotFound}
        </Alert>
        {bookAgain}
      </Frame>
    );
  }
  if (confirm.isSuccess) {
    return (
      <Frame title={title} outcome={outcome}>
        <BookingConfirmation created={confirm.data} headingOrder={2} />
      </Frame>
    );
  }
  if (confirm.isError) {
    // A wrong, expired or overtaken link stays so: only a failure on the way is worth retrying.
    const final = [400, 404, 409].some((status) => isApiStatus(confirm.error, status));
    return (
      <Frame title={title} outcome={outcome}>
        <Alert color="red" role="alert" data-testid="booking-confirm-error">
          {apiErrorMessage(confirm.error)}
          {!final && (
            <Button variant="light" color="red" mt="sm" display="block" onClick={() => confirm.mutate(link)}>
              {IT.shell.retry}
            </Button>
          )}
        </Alert>
        {bookAgain}
      </Frame>
    );
  }
  return (
    <Frame title={title} outcome={outcome}>
      <Group role="status" gap="sm">
        <Loader size="sm" />
        <Text>{T.confirming}</Text>
      </Group>
    </Frame>
  );
}
