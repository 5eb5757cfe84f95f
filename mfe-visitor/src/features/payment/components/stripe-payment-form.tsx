import { Alert, Button, Stack, Title } from '@mantine/core';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { PosRequestView } from '@incontra/contracts/api/pos';
import { IT_PAYMENT_PAGES } from '@incontra/contracts/messages/it-payment-pages';
import { formatEuro } from '@incontra/contracts/money';
import { ROUTES } from '@incontra/contracts/routes';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { PageLoader } from '@incontra/mfe-kit/page-loader';
import { RetryAlert } from '../../../app/retry-alert';
import { paymentRequestKey, verifyPayment } from '../api/payment-request';
import { loadStripeLazily, STRIPE_LOAD_TIMEOUT_MS, withTimeout, type StripeLoader } from '../stripe/load-stripe';

const T = IT_PAYMENT_PAGES.page;

/** Stripe's refusal (its own message, in Italian through the Elements' locale), as opposed to our API's. */
class StripeConfirmError extends Error {}

interface StripePaymentProps {
  token: string;
  view: PosRequestView;
  payment: NonNullable<PosRequestView['payment']>;
  onVerified(view: PosRequestView): void;
  loadStripe?: StripeLoader;
}

function ConfirmPaymentForm({ token, view, onVerified }: Pick<StripePaymentProps, 'token' | 'view' | 'onVerified'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const alert = useRef<HTMLDivElement>(null);
  const pay = useMutation({
    mutationFn: async () => {
      if (!stripe || !elements) throw new StripeConfirmError(T.stripeUnavailable);
      // A bank's page, when the card needs one, returns to this page, which verifies on its return.
      const result = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: `${window.location.origin}${ROUTES.payment}/${encodeURIComponent(token)}` },
      });
      if (result.error) throw new StripeConfirmError(result.error.message ?? T.stripeFailed);
      return verifyPayment(token, { payment_intent: result.paymentIntent.id });
    },
    onSuccess: onVerified,
  });
  const error = pay.error ? (pay.error instanceof StripeConfirmError ? pay.error.message : apiErrorMessage(pay.error)) : null;
  useEffect(() => {
    if (error) alert.current?.focus();
  }, [error]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pay.isPending) pay.mutate();
  };

  return (
    <form onSubmit={submit} aria-labelledby="stripe-payment-form-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="stripe-payment-form-title">
          {T.cardTitle}
        </Title>
        {error && (
          <Alert color="red" role="alert" ref={alert} tabIndex={-1}>
            {error}
          </Alert>
        )}
        {!ready && <PageLoader minHeight={80} />}
        <PaymentElement options={{ layout: 'tabs' }} onReady={() => setReady(true)} />
        <Button type="submit" loading={pay.isPending} disabled={!ready} w="fit-content">
          {T.pay(formatEuro(view.amount))}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * A request paid through Stripe: Stripe.js on the company's connected account (`stripeAccount`,
 * a direct charge), the Payment Element on the request's PaymentIntent, confirmed in place; a
 * bank's page returns to this page. Its own chunk: only this page loads Stripe.
 */
export function StripePaymentForm({ token, view, payment, onVerified, loadStripe = loadStripeLazily }: StripePaymentProps) {
  const { company } = useMfeProps();
  const { publishableKey, stripeAccount, clientSecret } = payment;
  const stripe = useQuery({
    queryKey: [...paymentRequestKey(company.id, token), 'stripe', publishableKey, stripeAccount] as const,
    queryFn: async () => {
      if (!publishableKey) throw new Error(T.stripeUnavailable);
      const loaded = await withTimeout(loadStripe(publishableKey, stripeAccount), STRIPE_LOAD_TIMEOUT_MS).catch(() => null);
      if (!loaded) throw new Error(T.stripeUnavailable);
      return loaded;
    },
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
  if (stripe.isPending) return <PageLoader minHeight={80} />;
  if (stripe.isError) return <RetryAlert title={T.stripeUnavailable} onRetry={() => void stripe.refetch()} />;
  return (
    <Elements stripe={stripe.data} options={{ clientSecret, locale: 'it' }}>
      <ConfirmPaymentForm token={token} view={view} onVerified={onVerified} />
    </Elements>
  );
}
