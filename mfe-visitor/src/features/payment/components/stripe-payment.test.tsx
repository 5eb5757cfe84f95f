import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Stripe } from '@stripe/stripe-js';
import { IT_PAYMENT_PAGES } from '@incontra/contracts/messages/it-payment-pages';
import { buildMfeProps } from '@incontra/mfe-kit/testing/build-mfe-props';
import { fakeStripe } from '@incontra/mfe-kit/testing/fake-stripe';
import { mockFetch } from '@incontra/mfe-kit/testing/mock-fetch';
import { renderApp } from '../../../app/test-utils';
import { loadStripeLazily } from '../stripe/load-stripe';
import { PAGE_PATH, PAID, requestView, TOKEN } from '../testing/payment-fixtures';

// Stripe.js loads from Stripe's servers: the page gets a stand-in.
jest.mock('../stripe/load-stripe', () => ({ ...jest.requireActual('../stripe/load-stripe'), loadStripeLazily: jest.fn() }));

const T = IT_PAYMENT_PAGES.page;
const loadStripe = loadStripeLazily as jest.MockedFunction<typeof loadStripeLazily>;
const STRIPE_VIEW = requestView({
  paymentMode: 'stripe',
  payment: { clientSecret: 'pi_1_secret_2', publishableKey: 'pk_test_123', stripeAccount: 'acct_company' },
});

function queriesTo(fetchMock: jest.Mock, path: string): Record<string, string>[] {
  return fetchMock.mock.calls
    .map(([url]) => new URL(String(url), window.location.origin))
    .filter((url) => url.pathname === path)
    .map((url) => Object.fromEntries(url.searchParams));
}

function renderPage(handlers: Parameters<typeof mockFetch>[0], path = PAGE_PATH) {
  const fetchMock = mockFetch(handlers);
  return { ...renderApp(path, buildMfeProps()), fetchMock };
}

beforeEach(() => loadStripe.mockReset());

describe('the payment page with Stripe', () => {
  it('loads Stripe.js on the company’s account, mounts the Payment Element on the request’s secret, confirms back to this page, verifies and shows «Pagato»', async () => {
    const confirmPayment = jest.fn(async () => ({ paymentIntent: { id: 'pi_1', status: 'succeeded' } }));
    const { stripe, element } = fakeStripe<Stripe>({ confirmPayment });
    loadStripe.mockResolvedValue(stripe);
    const { fetchMock } = renderPage({ 'GET /api/pos/request': { status: 200, body: STRIPE_VIEW }, 'GET /api/pos/verify/': { status: 200, body: PAID } });

    const pay = await screen.findByRole('button', { name: 'Paga 25,00 €' });
    await waitFor(() => expect(pay).toBeEnabled());
    expect(loadStripe).toHaveBeenCalledWith('pk_test_123', 'acct_company');
    expect(stripe.elements).toHaveBeenCalledWith(expect.objectContaining({ clientSecret: 'pi_1_secret_2', locale: 'it' }));
    expect(element.mount).toHaveBeenCalled();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();

    await userEvent.click(pay);
    expect(await screen.findByRole('heading', { name: T.paid })).toBeInTheDocument();
    expect(confirmPayment).toHaveBeenCalledWith(
      expect.objectContaining({ redirect: 'if_required', confirmParams: { return_url: `${window.location.origin}${PAGE_PATH}` } }),
    );
    expect(queriesTo(fetchMock, '/api/pos/verify/')).toEqual([{ token: TOKEN, payment_intent: 'pi_1' }]);
  });

  it('shows Stripe’s own message when the card is refused, with the focus, and verifies nothing', async () => {
    const confirmPayment = jest.fn(async () => ({ error: { type: 'card_error', message: 'La tua carta è stata rifiutata.' } }));
    const { stripe } = fakeStripe<Stripe>({ confirmPayment });
    loadStripe.mockResolvedValue(stripe);
    const { fetchMock } = renderPage({ 'GET /api/pos/request': { status: 200, body: STRIPE_VIEW } });
    const pay = await screen.findByRole('button', { name: 'Paga 25,00 €' });
    await waitFor(() => expect(pay).toBeEnabled());
    await userEvent.click(pay);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('La tua carta è stata rifiutata.');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(queriesTo(fetchMock, '/api/pos/verify/')).toEqual([]);
  });

  it('back from a bank’s page, the verification with Stripe’s parameters is the read, and the address loses them', async () => {
    const { fetchMock } = renderPage(
      { 'GET /api/pos/verify/': { status: 200, body: PAID } },
      `${PAGE_PATH}?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_2&redirect_status=succeeded`,
    );
    expect(await screen.findByRole('heading', { name: T.paid })).toBeInTheDocument();
    expect(queriesTo(fetchMock, '/api/pos/verify/')).toEqual([
      { token: TOKEN, payment_intent: 'pi_1', payment_intent_client_secret: 'pi_1_secret_2', redirect_status: 'succeeded' },
    ]);
    expect(queriesTo(fetchMock, '/api/pos/request')).toEqual([]);
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(loadStripe).not.toHaveBeenCalled();
  });

  it('says the payment form could not load when Stripe.js does not come', async () => {
    loadStripe.mockResolvedValue(null);
    renderPage({ 'GET /api/pos/request': { status: 200, body: STRIPE_VIEW } });
    expect(await screen.findByRole('alert')).toHaveTextContent(T.stripeUnavailable);
    expect(screen.getByRole('button', { name: 'Riprova' })).toBeInTheDocument();
  });
});
