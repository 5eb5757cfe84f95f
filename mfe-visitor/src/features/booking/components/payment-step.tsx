import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CreatedReservation, ReservationCheckout } from '@incontra/contracts/api/reservations';
import { IT_PAID_BOOKING } from '@incontra/contracts/messages/it-paid-booking';
import { formatEuro } from '@incontra/contracts/money';
import { isOwnedBy, ROUTES, safeNextPath } from '@incontra/contracts/routes';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { PageLoader } from '@incontra/mfe-kit/page-loader';
import { TestCardForm, type TestCardFields } from '@incontra/mfe-kit/payments/test-card-form';
import { reservationKey } from '../api/get-reservation';
import { managePath } from '../api/manage-calls';
import { payAppointmentTestCard, verifyReservationPayment } from '../api/reservation-payment';
import { formatWait } from '../dates/countdown';

const T = IT_PAID_BOOKING.page;

// Stripe's React bindings and Stripe.js only for a company on Stripe: the point of sale's chunk, shared.
const StripeCheckoutForm = lazy(() =>
  import(/* webpackChunkName: "stripe-payment-form" */ '../../payment/components/stripe-payment-form').then((module) => ({
    default: module.StripeCheckoutForm,
  })),
);

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
 * politely, not every second), the card form: the test mode's, or Stripe's Payment Element for a
 * company on Stripe (the point of sale's form, confirmed in place; a bank's page returns to the
 * reservation's manage page, which settles it). Paid → the API confirms it and the flow shows the
 * confirmation; the hold over → the way back to the calendar.
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
  const { navigate: shellNavigate, company } = useMfeProps();
  const left = useTimeLeft(checkout.holdExpiresAt);
  const amount = formatEuro(checkout.amount);
  const credentials = { id: created.reservation.id, token: created.manageToken };
  /** The API reads the payment again and applies it (GET …/payment): booked, still held, or gone. */
  const settleOutcome = async (): Promise<Outcome> => {
    const state = await verifyReservationPayment(credentials);
    if (state.reservation.status === 'booked') return { kind: 'booked', created: { ...created, reservation: state.reservation, checkout: null } };
    return state.reservation.status === 'held' ? { kind: 'notYet' } : { kind: 'gone' };
  };
  const apply = (outcome: Outcome) => {
    if (outcome.kind === 'booked') onPaid(outcome.created);
    else if (outcome.kind === 'authenticate') {
      if (isOwnedBy('visitor', outcome.path)) navigate(outcome.path);
      else shellNavigate(outcome.path);
    }
  };
  // Stripe confirmed the payment in place: settled by the API, its refusal shown in Stripe's form.
  const settle = useMutation({ mutationFn: settleOutcome, onSuccess: apply });
  const pay = useMutation({
    mutationFn: async (fields: TestCardFields): Promise<Outcome> => {
      const answer = await payAppointmentTestCard({ clientSecret: checkout.clientSecret, ...fields, returnTo: managePath(credentials) });
      if (answer.status === 'requires_action') {
        return { kind: 'authenticate', path: safeNextPath(answer.authenticationUrl) ?? `${ROUTES.paymentAuthentication}/${encodeURIComponent(answer.token)}` };
      }
      return settleOutcome();
    },
    onSuccess: apply,
  });
  const outcome = pay.data ?? settle.data;

  if (left <= 0 || outcome?.kind === 'gone') {
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
      {outcome?.kind === 'notYet' && <Text role="status">{T.notPaidYet}</Text>}
      {checkout.publishableKey === null ? (
        <TestCardForm title={T.cardTitle} submitLabel={T.pay(amount)} pending={pay.isPending} error={pay.error} onSubmit={(fields) => pay.mutate(fields)} />
      ) : (
        <Suspense fallback={<PageLoader minHeight={80} />}>
          <StripeCheckoutForm
            checkout={checkout}
            cacheKey={reservationKey(company.id, credentials)}
            submitLabel={T.pay(amount)}
            returnUrl={`${window.location.origin}${managePath(credentials)}`}
            onConfirmed={async () => {
              await settle.mutateAsync();
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
