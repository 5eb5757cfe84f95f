import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { CustomerReservation } from '@incontra/contracts/api/reservations';
import { IT_BOOKING_PAGES } from '@incontra/contracts/messages/it-booking-pages';
import { whenText } from '@incontra/contracts/messages/it-when';
import { ROUTES } from '@incontra/contracts/routes';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { pathWithStore } from '../../../app/paths';
import { reservationKey } from '../api/get-reservation';
import { cancelReservation, type ManageCredentials } from '../api/manage-calls';
import { useFocusOnChange } from '../hooks/use-focus-on-change';
import { AddToCalendar } from './add-to-calendar';
import { AppointmentSummary } from './appointment-summary';
import { CancelButton } from './cancel-button';
import { JoinCall } from './join-call';
import { MovePanel } from './move-panel';

const T = IT_BOOKING_PAGES.manage;

/** What the customer may still do: move and cancel until the cut-off, while it is booked. */
function changeable(reservation: CustomerReservation): boolean {
  return reservation.status === 'booked' && reservation.changeableUntil !== null && Date.parse(reservation.changeableUntil) > Date.now();
}

/**
 * The manage page's body: the appointment (status, what, when, with whom), the way into the call,
 * its calendar file, and, before the cut-off, moving it to another free time or cancelling it.
 * Each outcome is said in a notice that takes the focus.
 */
export function ReservationView({ reservation, credentials }: { reservation: CustomerReservation; credentials: ManageCredentials }) {
  const { company } = useMfeProps();
  const queryClient = useQueryClient();
  const [moving, setMoving] = useState(false);
  const moveButton = useRef<HTMLButtonElement>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const notice = useFocusOnChange<HTMLDivElement>(outcome);
  const when = whenText(reservation.startsAt, reservation.timeZone);

  const show = (updated: CustomerReservation, message: string) => {
    queryClient.setQueryData(reservationKey(company.id, credentials), updated);
    setMoving(false);
    setOutcome(message);
  };
  const cancel = useMutation({
    mutationFn: () => cancelReservation(credentials),
    onSuccess: (cancelled) => show(cancelled, T.cancelled),
    retry: false,
  });
  const topic = reservation.topic;

  return (
    <Stack gap="lg">
      {outcome && (
        <Alert ref={notice} tabIndex={-1} color="green" role="status" data-testid="manage-outcome">
          {outcome}
        </Alert>
      )}
      <AppointmentSummary reservation={reservation} withStatus />
      <JoinCall reservation={reservation} />
      {reservation.status === 'cancelled' && (
        <Stack gap="xs" align="flex-start">
          {outcome !== T.cancelled && <Text>{T.cancelledNotice}</Text>}
          <Anchor component={Link} to={pathWithStore(ROUTES.booking, reservation.store)}>
            {T.bookAgain}
          </Anchor>
        </Stack>
      )}
      {reservation.status === 'booked' &&
        (changeable(reservation) ? (
          <Stack gap="sm">
            <Text>{T.changeableUntil(whenText(reservation.changeableUntil ?? reservation.startsAt, reservation.timeZone))}</Text>
            <Group gap="sm">
              {topic && (
                <Button
                  ref={moveButton}
                  variant="light"
                  aria-expanded={moving}
                  onClick={() => {
                    setOutcome(null);
                    setMoving(true);
                  }}
                >
                  {T.move}
                </Button>
              )}
              <CancelButton when={when} onConfirm={() => cancel.mutateAsync()} />
            </Group>
            {!topic && <Text size="sm">{T.noTopic}</Text>}
          </Stack>
        ) : (
          <Text data-testid="not-changeable">{T.notChangeable}</Text>
        ))}
      {moving && topic && (
        <MovePanel
          reservation={{ ...reservation, topic }}
          credentials={credentials}
          onMoved={(moved) => show(moved, T.moved(whenText(moved.startsAt, moved.timeZone)))}
          onClose={() => {
            setMoving(false);
            moveButton.current?.focus();
          }}
        />
      )}
      {/* A section of the page, as the move panel: under its h1. */}
      {reservation.status === 'booked' && <AddToCalendar reservation={reservation} token={credentials.token} headingOrder={2} />}
    </Stack>
  );
}
