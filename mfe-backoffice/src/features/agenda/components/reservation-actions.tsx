import { Alert, Button, Group, Stack } from '@mantine/core';
import type { StaffReservation } from '@incontra/contracts/api/reservations';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { IT_PAID_BOOKING } from '@incontra/contracts/messages/it-paid-booking';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { useSetOutcome } from '../api/update-reservation';

const TEXT = IT_AGENDA.actions;

interface ReservationActionsProps {
  reservation: StaffReservation;
  onMove: () => void;
  onCancel: () => void;
  /** A paid appointment: refund it in full (after a confirmation), the appointment kept. */
  onRefund: () => void;
}

/**
 * What staff may do with an appointment: before its start, move it (among its topic's free times)
 * or cancel it; from its start, say how it went (or correct what was said).
 */
export function ReservationActions({ reservation, onMove, onCancel, onRefund }: ReservationActionsProps) {
  const outcome = useSetOutcome();
  const booked = reservation.status === 'booked';
  const started = Date.now() >= Date.parse(reservation.startsAt);
  const canMove = booked && !started && reservation.topic !== null;
  // Held for payment or expired unpaid: nothing happened that staff could tell of.
  const canTellOutcome = started && reservation.status !== 'cancelled' && reservation.status !== 'held' && reservation.status !== 'expired';
  const canRefund = reservation.payment.status === 'paid';
  if (!booked && !canTellOutcome && !canRefund) return null;

  const setOutcome = (status: 'completed' | 'no_show') => outcome.mutate({ id: reservation.id, status });
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        {canMove && <Button onClick={onMove}>{TEXT.move}</Button>}
        {canTellOutcome && reservation.status !== 'completed' && (
          <Button
            variant="light"
            color="green"
            onClick={() => setOutcome('completed')}
            loading={outcome.isPending && outcome.variables?.status === 'completed'}
          >
            {TEXT.completed}
          </Button>
        )}
        {canTellOutcome && reservation.status !== 'no_show' && (
          <Button variant="light" color="orange" onClick={() => setOutcome('no_show')} loading={outcome.isPending && outcome.variables?.status === 'no_show'}>
            {TEXT.noShow}
          </Button>
        )}
        {canRefund && (
          <Button variant="light" color="grape" onClick={onRefund}>
            {IT_PAID_BOOKING.agenda.refund}
          </Button>
        )}
        {booked && (
          <Button variant="light" color="red" onClick={onCancel}>
            {TEXT.cancel}
          </Button>
        )}
      </Group>
      {outcome.isError && (
        <Alert color="red" role="alert">
          {apiErrorMessage(outcome.error)}
        </Alert>
      )}
    </Stack>
  );
}
