import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TestAuthentication } from '@incontra/contracts/api/test-payments';
import { IT_BILLING } from '@incontra/contracts/messages/it-billing';
import { IT_BILLING_PAGES } from '@incontra/contracts/messages/it-billing-pages';
import { bodiesSentTo, requestsTo } from '@incontra/mfe-kit/testing/mock-fetch';
import { serveBilling } from '../../../app/testing/billing-api';
import { renderApp } from '../../../app/test-utils';

const T = IT_BILLING_PAGES.authentication;
const PATH = '/api/payments/test/authentication/tpm_3ds';
const PENDING: TestAuthentication = { status: 'pending', merchant: 'Incontra', last4: '3155', amount: null, returnTo: '/admin/abbonamento' };

function serve(answer: TestAuthentication['status'], pending: TestAuthentication = PENDING) {
  return serveBilling(
    { card: null },
    {
      [`GET ${PATH}`]: { status: 200, body: pending },
      [`POST ${PATH}`]: { status: 200, body: { ...pending, status: answer } },
      'POST /api/subscription/payment': { status: 200, body: { card: { brand: 'Visa', last4: '3155', expMonth: 12, expYear: 2030 } } },
    },
  );
}

describe('the test mode authentication page', () => {
  it('shows who asks, the card and that nothing is charged, in test mode', async () => {
    serve('succeeded');
    renderApp('/admin/abbonamento/autenticazione/tpm_3ds');
    expect(screen.getByRole('heading', { level: 1, name: T.title })).toBeInTheDocument();
    expect(await screen.findByText(T.asks('Incontra'))).toBeInTheDocument();
    expect(screen.getByText(T.card('3155'))).toBeInTheDocument();
    expect(screen.getByText(T.noAmount)).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(IT_BILLING.testMode.notice);
  });

  it('shows the amount of a payment, VAT included', async () => {
    serve('succeeded', { ...PENDING, amount: { net: 2049, vat: 451, total: 2500 } });
    renderApp('/admin/abbonamento/autenticazione/tpm_3ds');
    expect(await screen.findByText(/^Importo:/)).toHaveTextContent('Importo: 25,00 € IVA inclusa');
  });

  it('«Autorizza» approves, makes the card the card on file and goes back to the subscription', async () => {
    const fetchMock = serve('succeeded');
    const { props } = renderApp('/admin/abbonamento/autenticazione/tpm_3ds');
    await userEvent.click(await screen.findByRole('button', { name: T.approve }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/abbonamento'));
    expect(bodiesSentTo(fetchMock, `POST ${PATH}`)).toEqual([{ approve: true }]);
    expect(bodiesSentTo(fetchMock, 'POST /api/subscription/payment')).toEqual([{ stripeToken: 'tpm_3ds' }]);
    expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: IT_BILLING_PAGES.card.saved });
    expect(await screen.findByRole('heading', { level: 1, name: IT_BILLING.title })).toBeInTheDocument();
  });

  it('«Rifiuta» refuses, saves nothing and says so back on the subscription', async () => {
    const fetchMock = serve('failed');
    const { props } = renderApp('/admin/abbonamento/autenticazione/tpm_3ds');
    await userEvent.click(await screen.findByRole('button', { name: T.refuse }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/abbonamento'));
    expect(bodiesSentTo(fetchMock, `POST ${PATH}`)).toEqual([{ approve: false }]);
    expect(requestsTo(fetchMock, 'POST /api/subscription/payment')).toHaveLength(0);
    expect(props.notify.show).toHaveBeenCalledWith({ kind: 'info', message: IT_BILLING_PAGES.card.refused });
  });

  it('an answered request offers only the way back', async () => {
    serve('succeeded', { ...PENDING, status: 'succeeded' });
    renderApp('/admin/abbonamento/autenticazione/tpm_3ds');
    expect(await screen.findByText(T.answered)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.approve })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: T.back }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/abbonamento'));
  });

  it('an unknown token shows the API’s message with a retry', async () => {
    serveBilling({}, { [`GET ${PATH}`]: { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Richiesta di autorizzazione non trovata.' } } });
    renderApp('/admin/abbonamento/autenticazione/tpm_3ds');
    expect(await screen.findByRole('alert')).toHaveTextContent('Richiesta di autorizzazione non trovata.');
  });
});
