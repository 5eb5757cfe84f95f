import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CreatedReservation, ReservationCheckout } from '@incontra/contracts/api/reservations';
import { IT_PAID_BOOKING } from '@incontra/contracts/messages/it-paid-booking';
import { formatEuro } from '@incontra/contracts/money';
import { isOwnedBy, ROUTES, safeNextPath } from '@incontra/contracts/routes';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { TestCardForm, type TestCardFields } from '@incontra/mfe-kit/payments/test-card-form';
import { managePath } from '../api/manage-calls';
import { payAppointmentTestCard, verifyReservationPayment } from '../api/reservation-payment';
import { formatWait } from '../dates/countdown';

const T = IT_PAID_BOOKING.page;

/** Milliseconds left of the hold, read again every few seconds. */
function useTimeLeft(until: string): number {
  const [left, setLeft] = useState(() => Date.parse(until) - Date.now());
  useEffect(() => {
    const timer = setInterval(() => setLeft(Date.parse(until) - Date.now()), 5_000);
    return () => clearInterval(timer);
  }, [until]);
  return left;
}

type Outcome = { kind: 'booked'; created: CreatedReservation } | { kind: 'notYet' } | { kind: 'gone' } | { kind: 'authenticate'; path: string };

/**
 * After booking a priced topic: the place is held while the customer pays. The time left (said
 * politely, not every second), the test mode's card form; paid → the API confirms it and the flow
 * shows the confirmation; the hold over → the way back to the calendar. Stripe's own form is not
 * offered here yet (a company on Stripe: the customer is told to contact the store).
 */
export function PaymentStep({
  created,
  checkout,
  onPaid,
  onExpired,
}: {
  created: CreatedReservation;
  checkout: ReservationCheckout;
  onPaid(created: CreatedReservation): void;
  onExpired(): void;
}) {
  const navigate = useNavigate();
  const { navigate: shellNavigate } = useMfeProps();
  const left = useTimeLeft(checkout.holdExpiresAt);
  const amount = formatEuro(checkout.amount);
  const credentials = { id: created.reservation.id, token: created.manageToken };
  const pay = useMutation({
    mutationFn: async (fields: TestCardFields): Promise<Outcome> => {
      const answer = await payAppointmentTestCard({ clientSecret: checkout.clientSecret, ...fields, returnTo: managePath(credentials) });
      if (answer.status === 'requires_action') {
        return { kind: 'authenticate', path: safeNextPath(answer.authenticationUrl) ?? `${ROUTES.paymentAuthentication}/${encodeURIComponent(answer.token)}` };
      }
      const state = await verifyReservationPayment(credentials);
      if (state.reservation.status === 'booked') return { kind: 'booked', created: { ...created, reservation: state.reservation, checkout: null } };
      return state.reservation.status === 'held' ? { kind: 'notYet' } : { kind: 'gone' };
    },
    onSuccess: (outcome) => {
      if (outcome.kind === 'booked') onPaid(outcome.created);
      else if (outcome.kind === 'authenticate') {
        if (isOwnedBy('visitor', outcome.path)) navigate(outcome.path);
        else shellNavigate(outcome.path);
      }
    },
  });

  if (left <= 0 || pay.data?.kind === 'gone') {
    return (
      <Stack gap="md" data-testid="payment-expired">
        <Alert color="orange" role="status">
          {T.expired}
        </Alert>
        <Button variant="default" onClick={onExpired} style={{ alignSelf: 'flex-start' }}>
          {T.chooseAgain}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="md" data-testid="payment-step">
      <Text>{T.lead(amount)}</Text>
      <Text fw={600} role="timer" aria-live="off">
        {T.timeLeft(formatWait(left))}
      </Text>
      {pay.data?.kind === 'notYet' && <Text role="status">{T.notPaidYet}</Text>}
      {checkout.publishableKey === null ? (
        <TestCardForm title={T.cardTitle} submitLabel={T.pay(amount)} pending={pay.isPending} error={pay.error} onSubmit={(fields) => pay.mutate(fields)} />
      ) : (
        <Alert color="orange">{T.stripeUnavailable}</Alert>
      )}
    </Stack>
  );
}
