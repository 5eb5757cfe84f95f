import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Stripe } from '@stripe/stripe-js';
import { IT_BILLING_PAGES } from '@incontra/contracts/messages/it-billing-pages';
import { RemoteProviders } from '@incontra/mfe-kit/remote-providers';
import { buildMfeProps } from '@incontra/mfe-kit/testing/build-mfe-props';
import { bodiesSentTo, mockFetch, requestsTo } from '@incontra/mfe-kit/testing/mock-fetch';
import { fakeStripe } from '@incontra/mfe-kit/testing/fake-stripe';
import { VISA } from '../../../app/testing/billing-api';
import { StripeCardForm, type StripeLoader } from './stripe-card-form';

const T = IT_BILLING_PAGES.card;
const SETUP = { status: 200, body: { mode: 'stripe', clientSecret: 'seti_1_secret_2', publishableKey: 'pk_test_123' } };

function serve() {
  return mockFetch({
    'GET /api/subscription/setup-intent': SETUP,
    'POST /api/subscription/payment': { status: 200, body: { card: VISA } },
  });
}

function renderForm(loadStripe: StripeLoader) {
  const props = buildMfeProps({ adminContext: true });
  const onSaved = jest.fn();
  render(
    <RemoteProviders props={props}>
      <StripeCardForm onSaved={onSaved} onCancel={jest.fn()} loadStripe={loadStripe} />
    </RemoteProviders>,
  );
  return { props, onSaved };
}

describe('the Stripe card form', () => {
  it('loads Stripe.js for the setup intent’s key, mounts the Payment Element on its secret, confirms in place and saves the PaymentMethod', async () => {
    const fetchMock = serve();
    const confirmSetup = jest.fn(async () => ({ setupIntent: { status: 'succeeded', payment_method: 'pm_card_visa' } }));
    const { stripe, element } = fakeStripe<Stripe>({ confirmSetup });
    const loadStripe = jest.fn(async () => stripe);
    const { props, onSaved } = renderForm(loadStripe);

    const save = await screen.findByRole('button', { name: T.save });
    await waitFor(() => expect(save).toBeEnabled());
    expect(loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(stripe.elements).toHaveBeenCalledWith(expect.objectContaining({ clientSecret: 'seti_1_secret_2', locale: 'it' }));
    expect(element.mount).toHaveBeenCalled();

    await userEvent.click(save);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(confirmSetup).toHaveBeenCalledWith(expect.objectContaining({ redirect: 'if_required' }));
    expect(bodiesSentTo(fetchMock, 'POST /api/subscription/payment')).toEqual([{ stripeToken: 'pm_card_visa' }]);
    expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: T.saved });
  });

  it('shows Stripe’s own message when the card is refused, and saves nothing', async () => {
    const fetchMock = serve();
    const confirmSetup = jest.fn(async () => ({ error: { type: 'card_error', message: 'La tua carta è stata rifiutata.' } }));
    const { stripe } = fakeStripe<Stripe>({ confirmSetup });
    const { onSaved } = renderForm(async () => stripe);

    const save = await screen.findByRole('button', { name: T.save });
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    expect(await screen.findByRole('alert')).toHaveTextContent('La tua carta è stata rifiutata.');
    expect(requestsTo(fetchMock, 'POST /api/subscription/payment')).toHaveLength(0);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('says the payment form could not load when Stripe.js does not come', async () => {
    serve();
    renderForm(async () => null);
    expect(await screen.findByRole('alert')).toHaveTextContent(T.stripeUnavailable);
    expect(screen.getByRole('button', { name: 'Riprova' })).toBeInTheDocument();
  });
});
