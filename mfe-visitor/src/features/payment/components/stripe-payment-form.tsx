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

/** What Stripe's form needs of a payment: the PaymentIntent's secret, the key, the company's connected account. */
export interface StripeCheckout {
  clientSecret: string;
  publishableKey: string | null;
  stripeAccount: string | null;
}

export interface StripeCheckoutFormProps {
  checkout: StripeCheckout;
  /** The page's own query key: Stripe.js loaded once per page and payment. */
  cacheKey: readonly unknown[];
  submitLabel: string;
  /** Where a bank's page sends the customer back (an absolute address of the company's site). */
  returnUrl: string;
  /** Confirmed by Stripe in place (no bank's page): the page asks the API to verify it; a refusal is shown above the form. */
  onConfirmed(paymentIntentId: string): Promise<void>;
  loadStripe?: StripeLoader;
}

function ConfirmPaymentForm({ submitLabel, returnUrl, onConfirmed }: Pick<StripeCheckoutFormProps, 'submitLabel' | 'returnUrl' | 'onConfirmed'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const alert = useRef<HTMLDivElement>(null);
  const pay = useMutation({
    mutationFn: async () => {
      if (!stripe || !elements) throw new StripeConfirmError(T.stripeUnavailable);
      // A bank's page, when the card needs one, returns to `returnUrl`, which verifies on its return.
      const result = await stripe.confirmPayment({ elements, redirect: 'if_required', confirmParams: { return_url: returnUrl } });
      if (result.error) throw new StripeConfirmError(result.error.message ?? T.stripeFailed);
      await onConfirmed(result.paymentIntent.id);
    },
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
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * A payment through Stripe, wherever the visitor site takes one (the point of sale's page, the
 * booking's payment step): Stripe.js on the company's connected account (`stripeAccount`, a
 * direct charge), the Payment Element on the PaymentIntent, confirmed in place; a bank's page
 * returns to `returnUrl`. This module is its own chunk, loaded lazily: only a page that takes a
 * card through Stripe loads Stripe.
 */
export function StripeCheckoutForm({ checkout, cacheKey, submitLabel, returnUrl, onConfirmed, loadStripe = loadStripeLazily }: StripeCheckoutFormProps) {
  const { publishableKey, stripeAccount, clientSecret } = checkout;
  const stripe = useQuery({
    queryKey: [...cacheKey, 'stripe', publishableKey, stripeAccount] as const,
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
      <ConfirmPaymentForm submitLabel={submitLabel} returnUrl={returnUrl} onConfirmed={onConfirmed} />
    </Elements>
  );
}

interface StripePaymentProps {
  token: string;
  view: PosRequestView;
  payment: NonNullable<PosRequestView['payment']>;
  onVerified(view: PosRequestView): void;
  loadStripe?: StripeLoader;
}

/** A point-of-sale request paid through Stripe: the form above, a bank's page returning to the request's page, verified by its token. */
export function StripePaymentForm({ token, view, payment, onVerified, loadStripe }: StripePaymentProps) {
  const { company } = useMfeProps();
  return (
    <StripeCheckoutForm
      checkout={payment}
      cacheKey={paymentRequestKey(company.id, token)}
      submitLabel={T.pay(formatEuro(view.amount))}
      returnUrl={`${window.location.origin}${ROUTES.payment}/${encodeURIComponent(token)}`}
      onConfirmed={async (paymentIntent) => onVerified(await verifyPayment(token, { payment_intent: paymentIntent }))}
      loadStripe={loadStripe}
    />
  );
}
