import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { IT_BILLING_PAGES } from '@incontra/contracts/messages/it-billing-pages';
import { ROUTES } from '@incontra/contracts/routes';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { PageLoader } from '@incontra/mfe-kit/page-loader';
import { lazyStripeLoader, stripeInTime, type StripeLoader as KitStripeLoader } from '@incontra/mfe-kit/payments/stripe-loading';
import { billingKeys } from '../../../api/billing-keys';
import { useBillingMutation } from '../../../api/use-billing-mutation';
import { QueryState } from '../../../app/query-state';
import { getSetupIntent } from '../api/get-setup-intent';
import { saveCard } from '../api/save-card';
import type { CardFormProps } from './test-card-form';

const T = IT_BILLING_PAGES.card;

/** Loads Stripe.js for a publishable key; injected, so that tests hand a stand-in (Stripe.js loads from Stripe's servers). */
export type StripeLoader = KitStripeLoader<Stripe>;

/** Stripe.js's own script is fetched from Stripe only here: a chunk of its own, asked for when a card form opens. */
export const loadStripeLazily: StripeLoader = lazyStripeLoader(() => import(/* webpackChunkName: "stripe-js" */ '@stripe/stripe-js/pure'));

/** Stripe's refusal (its own message, in Italian through the Elements' locale), as opposed to our API's. */
class StripeConfirmError extends Error {}

/** The setup intent and Stripe.js, both needed before the Payment Element can show. */
function useStripeSetup(loadStripe: StripeLoader) {
  const { company } = useMfeProps();
  return useQuery({
    queryKey: [...billingKeys.all(company.id), 'stripe-setup'] as const,
    queryFn: async ({ signal }) => {
      const intent = await getSetupIntent(signal);
      if (!intent.publishableKey) throw new Error(T.stripeUnavailable);
      const stripe = await stripeInTime(loadStripe(intent.publishableKey));
      if (!stripe) throw new Error(T.stripeUnavailable);
      return { stripe, clientSecret: intent.clientSecret };
    },
    // One setup intent per opened form.
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

function ConfirmSetupForm({ onSaved, onCancel }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const save = useBillingMutation<void, unknown>({
    mutationFn: async () => {
      if (!stripe || !elements) throw new StripeConfirmError(T.stripeUnavailable);
      const result = await stripe.confirmSetup({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: `${window.location.origin}${ROUTES.billing}` },
      });
      if (result.error) throw new StripeConfirmError(result.error.message ?? T.stripeFailed);
      const method = result.setupIntent.payment_method;
      const methodId = typeof method === 'string' ? method : method?.id;
      if (!methodId) throw new StripeConfirmError(T.stripeFailed);
      return saveCard(methodId);
    },
    success: T.saved,
  });
  const error = save.error ? (save.error instanceof StripeConfirmError ? save.error.message : apiErrorMessage(save.error)) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(undefined, { onSuccess: onSaved });
  };

  return (
    <form onSubmit={submit} aria-labelledby="stripe-card-form-title">
      <Stack gap="md">
        <Title order={3} size="h4" id="stripe-card-form-title">
          {T.formTitle}
        </Title>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {!ready && <PageLoader minHeight={80} />}
        <PaymentElement options={{ layout: 'tabs' }} onReady={() => setReady(true)} />
        <Group gap="sm">
          <Button type="submit" loading={save.isPending} disabled={!ready}>
            {T.save}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={save.isPending}>
            {T.close}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The card form with Stripe (paymentMode 'stripe'): Stripe's Payment Element on the SetupIntent
 * our API created, confirmed in place (`redirect: 'if_required'`: a bank's authentication opens in
 * Stripe's own dialog), then the PaymentMethod made the card on file.
 */
export function StripeCardForm({ onSaved, onCancel, loadStripe = loadStripeLazily }: CardFormProps & { loadStripe?: StripeLoader }) {
  const setup = useStripeSetup(loadStripe);
  return (
    <QueryState query={setup} fallback={T.stripeUnavailable}>
      {({ stripe, clientSecret }) => (
        <Elements stripe={stripe} options={{ clientSecret, locale: 'it' }}>
          <ConfirmSetupForm onSaved={onSaved} onCancel={onCancel} />
        </Elements>
      )}
    </QueryState>
  );
}
