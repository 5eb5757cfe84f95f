import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEST_CARDS } from '@incontra/contracts/api/test-payments';
import { IT_BILLING } from '@incontra/contracts/messages/it-billing';
import { IT_BILLING_PAGES } from '@incontra/contracts/messages/it-billing-pages';
import { bodiesSentTo, requestsTo } from '@incontra/mfe-kit/testing/mock-fetch';
import { serveBilling, VISA } from '../../../app/testing/billing-api';
import { renderApp } from '../../../app/test-utils';

const T = IT_BILLING_PAGES.card;
const SETUP = { status: 200, body: { mode: 'test', clientSecret: 'tseti_secret_1', publishableKey: null } };

async function openForm() {
  await userEvent.click(await screen.findByRole('button', { name: T.add }));
  return screen.findByRole('form', { name: T.formTitle });
}

async function fill(form: HTMLElement, number: string, expiry = '12/30', cvc = '123') {
  await userEvent.type(within(form).getByLabelText(T.number, { exact: false }), number);
  await userEvent.type(within(form).getByLabelText(T.expiry, { exact: false }), expiry);
  await userEvent.type(within(form).getByLabelText(T.cvc, { exact: false }), cvc);
}

describe('the test mode card form', () => {
  it('says nothing is charged, lists the test cards, and has labelled card fields with their autocomplete', async () => {
    serveBilling({ card: null });
    renderApp('/admin/abbonamento');
    const form = await openForm();
    expect(within(form).getByRole('note')).toHaveTextContent(IT_BILLING.testMode.notice);
    expect(within(form).getByText('4242 4242 4242 4242')).toBeInTheDocument();
    expect(within(form).getByText('4000 0000 0000 0002')).toBeInTheDocument();
    expect(within(form).getByText('4000 0025 0000 3155')).toBeInTheDocument();
    const number = within(form).getByLabelText(T.number, { exact: false });
    expect(number).toHaveFocus();
    expect(number).toHaveAttribute('autocomplete', 'cc-number');
    expect(number).toHaveAttribute('inputmode', 'numeric');
    expect(within(form).getByLabelText(T.expiry, { exact: false })).toHaveAttribute('autocomplete', 'cc-exp');
    expect(within(form).getByLabelText(T.cvc, { exact: false })).toHaveAttribute('autocomplete', 'cc-csc');
  });

  it('refuses malformed fields with their Italian messages and sends nothing', async () => {
    const fetchMock = serveBilling({ card: null });
    renderApp('/admin/abbonamento');
    const form = await openForm();
    await fill(form, '4242', '13/30', '12');
    await userEvent.click(within(form).getByRole('button', { name: T.save }));
    expect(await within(form).findByText(IT_BILLING.testMode.cardNumberInvalid)).toBeInTheDocument();
    expect(within(form).getByText(IT_BILLING.testMode.expiryInvalid)).toBeInTheDocument();
    expect(within(form).getByText(IT_BILLING.testMode.cvcInvalid)).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /api/subscription/setup-intent')).toHaveLength(0);
  });

  it('adds the 4242 card: setup intent, confirmation, card on file; the form closes and the card shows', async () => {
    let card: typeof VISA | null = null;
    const fetchMock = serveBilling(
      {},
      {
        'GET /api/subscription/payment': () => ({ status: 200, body: { card } }),
        'GET /api/subscription/setup-intent': SETUP,
        'POST /api/payments/test/confirm': { status: 200, body: { status: 'succeeded', token: 'tpm_1' } },
        'POST /api/subscription/payment': () => {
          card = VISA;
          return { status: 200, body: { card } };
        },
      },
    );
    const { props } = renderApp('/admin/abbonamento');
    const form = await openForm();
    await fill(form, '4242 4242 4242 4242', '1230');
    await userEvent.click(within(form).getByRole('button', { name: T.save }));

    expect(await screen.findByText(T.onFile('Visa', '4242'))).toBeInTheDocument();
    expect(screen.getByText(T.expires(4, 2030))).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/payments/test/confirm')).toEqual([
      { clientSecret: 'tseti_secret_1', cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' },
    ]);
    expect(bodiesSentTo(fetchMock, 'POST /api/subscription/payment')).toEqual([{ stripeToken: 'tpm_1' }]);
    expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: T.saved });
    expect(screen.queryByRole('form', { name: T.formTitle })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: T.replace })).toHaveFocus());
  });

  it('shows a declined card’s Italian message above the fields and keeps no card', async () => {
    const declined = 'La carta è stata rifiutata. Usa un’altra carta.';
    const fetchMock = serveBilling(
      { card: null },
      {
        'GET /api/subscription/setup-intent': SETUP,
        'POST /api/payments/test/confirm': { status: 402, body: { statusCode: 402, error: 'Payment Required', message: declined } },
      },
    );
    renderApp('/admin/abbonamento');
    const form = await openForm();
    await fill(form, TEST_CARDS.declined);
    await userEvent.click(within(form).getByRole('button', { name: T.save }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(declined);
    expect(requestsTo(fetchMock, 'POST /api/subscription/payment')).toHaveLength(0);
  });

  it('puts the API’s refusal of a field under that field', async () => {
    serveBilling(
      { card: null },
      {
        'GET /api/subscription/setup-intent': SETUP,
        'POST /api/payments/test/confirm': {
          status: 400,
          body: { statusCode: 400, error: 'Bad Request', message: IT_BILLING.testMode.expiryInvalid, field: 'expiry' },
        },
      },
    );
    renderApp('/admin/abbonamento');
    const form = await openForm();
    await fill(form, TEST_CARDS.succeeds, '01/20');
    await userEvent.click(within(form).getByRole('button', { name: T.save }));
    expect(await within(form).findByText(IT_BILLING.testMode.expiryInvalid)).toBeInTheDocument();
    expect(within(form).getByLabelText(T.expiry, { exact: false })).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends a card that asks for authentication to its confirmation page, without saving it yet', async () => {
    const fetchMock = serveBilling(
      { card: null },
      {
        'GET /api/subscription/setup-intent': SETUP,
        'POST /api/payments/test/confirm': {
          status: 200,
          body: { status: 'requires_action', token: 'tpm_3ds', authenticationUrl: '/admin/abbonamento/autenticazione/tpm_3ds' },
        },
        'GET /api/payments/test/authentication/tpm_3ds': {
          status: 200,
          body: { status: 'pending', merchant: 'Incontra', last4: '3155', amount: null, returnTo: '/admin/abbonamento' },
        },
      },
    );
    renderApp('/admin/abbonamento');
    const form = await openForm();
    await fill(form, TEST_CARDS.authentication);
    await userEvent.click(within(form).getByRole('button', { name: T.save }));
    expect(await screen.findByRole('heading', { level: 1, name: IT_BILLING_PAGES.authentication.title })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/admin/abbonamento/autenticazione/tpm_3ds');
    expect(requestsTo(fetchMock, 'POST /api/subscription/payment')).toHaveLength(0);
  });

  it('«Annulla» closes the form and gives the focus back to its button', async () => {
    serveBilling({ card: null });
    renderApp('/admin/abbonamento');
    const form = await openForm();
    await userEvent.click(within(form).getByRole('button', { name: T.close }));
    await waitFor(() => expect(screen.getByRole('button', { name: T.add })).toHaveFocus());
  });
});
