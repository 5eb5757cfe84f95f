import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEST_CARDS } from '@incontra/contracts/api/test-payments';
import { IT_BILLING } from '@incontra/contracts/messages/it-billing';
import { IT_BILLING_PAGES } from '@incontra/contracts/messages/it-billing-pages';
import { IT_PAYMENT_PAGES } from '@incontra/contracts/messages/it-payment-pages';
import { IT_POS } from '@incontra/contracts/messages/it-pos';
import { expectHeadingsInOrder } from '@incontra/mfe-kit/testing/heading-order';
import { mockFetch, requestsTo } from '@incontra/mfe-kit/testing/mock-fetch';
import { buildMfeProps } from '@incontra/mfe-kit/testing/build-mfe-props';
import { renderApp } from '../../../app/test-utils';
import { PAGE_PATH, PAID, requestView, TOKEN } from '../testing/payment-fixtures';

const T = IT_PAYMENT_PAGES.page;
const C = IT_BILLING_PAGES.card;
const DECLINED = { status: 402, body: { statusCode: 402, error: 'Payment Required', message: IT_BILLING.testMode.cardDeclined } };

function renderPage(handlers: Parameters<typeof mockFetch>[0], path = PAGE_PATH) {
  const fetchMock = mockFetch(handlers);
  const props = buildMfeProps();
  return { ...renderApp(path, props), fetchMock };
}

/** The query of each call to `path`, in order. */
function queriesTo(fetchMock: jest.Mock, path: string): Record<string, string>[] {
  return fetchMock.mock.calls
    .map(([url]) => new URL(String(url), window.location.origin))
    .filter((url) => url.pathname === path)
    .map((url) => Object.fromEntries(url.searchParams));
}

async function payWith(number: string) {
  const form = await screen.findByRole('form', { name: T.cardTitle });
  await userEvent.type(within(form).getByLabelText(C.number, { exact: false }), number);
  await userEvent.type(within(form).getByLabelText(C.expiry, { exact: false }), '12/30');
  await userEvent.type(within(form).getByLabelText(C.cvc, { exact: false }), '123');
  await userEvent.click(within(form).getByRole('button', { name: T.pay('25,00 €') }));
  return form;
}

describe('the customer’s payment page', () => {
  it('says it is loading, then shows who asks, what, how much and until when, with the test mode’s notice and card form', async () => {
    renderPage({ 'GET /api/pos/request': { status: 200, body: requestView() } });
    expect(await screen.findByRole('heading', { level: 1, name: T.title })).toBeInTheDocument();
    expect(await screen.findByText(T.from('Ottica Rossi', 'Via Roma'))).toBeInTheDocument();
    expect(screen.getByTestId('payment-description')).toHaveTextContent('Montatura Aria');
    expect(screen.getByTestId('payment-amount')).toHaveTextContent('25,00 €');
    expect(screen.getByTestId('payment-expires')).toHaveTextContent('martedì 3 marzo 2026, 10:30');
    const form = screen.getByRole('form', { name: T.cardTitle });
    expect(within(form).getByRole('note')).toHaveTextContent('Modalità di prova: nessun addebito reale');
    expect(within(form).getByRole('button', { name: 'Paga 25,00 €' })).toBeInTheDocument();
    expect(document.title).toBe('Pagamento · Demo');
    expectHeadingsInOrder();
  });

  it('asks the request by its token', async () => {
    const { fetchMock } = renderPage({ 'GET /api/pos/request': { status: 200, body: requestView() } });
    await screen.findByTestId('payment-amount');
    expect(queriesTo(fetchMock, '/api/pos/request')).toEqual([{ token: TOKEN }]);
  });

  it('a paid request says «Pagato» with the day, and offers no form', async () => {
    renderPage({ 'GET /api/pos/request': { status: 200, body: PAID } });
    expect(await screen.findByRole('heading', { name: T.paid })).toBeInTheDocument();
    expect(screen.getByText(T.paidOn('lunedì 2 marzo 2026, 15:05'))).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByTestId('payment-expires')).not.toBeInTheDocument();
  });

  it.each([
    ['cancelled', T.cancelled],
    ['expired', T.expired],
  ] as const)('a %s request says so, with no form', async (status, text) => {
    renderPage({ 'GET /api/pos/request': { status: 200, body: requestView({ status, payment: null }) } });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByTestId('payment-amount')).toHaveTextContent('25,00 €');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('an unknown link says the link is not valid', async () => {
    renderPage({ 'GET /api/pos/request': { status: 404, body: { statusCode: 404, error: 'Not Found', message: IT_POS.notFound } } });
    expect(await screen.findByTestId('payment-link-invalid')).toHaveTextContent(IT_POS.linkInvalid);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('pays with 4242: the card with the form’s secret and this page to return to, then the verification, then «Pagato» with the focus', async () => {
    let paid = false;
    const { fetchMock } = renderPage({
      'GET /api/pos/request': { status: 200, body: requestView() },
      'POST /api/payments/test/pay': () => {
        paid = true;
        return { status: 200, body: { status: 'succeeded' } };
      },
      'GET /api/pos/verify/': () => ({ status: 200, body: paid ? PAID : requestView() }),
    });
    await payWith('4242 4242 4242 4242');
    const heading = await screen.findByRole('heading', { name: T.paid });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    const [sent] = requestsTo(fetchMock, 'POST /api/payments/test/pay');
    expect(JSON.parse(String(sent?.init.body))).toEqual({
      clientSecret: 'tpay_1_secret_x',
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/30',
      cvc: '123',
      returnTo: PAGE_PATH,
    });
    expect(queriesTo(fetchMock, '/api/pos/verify/')).toEqual([{ token: TOKEN }]);
  });

  it('a declined card shows the Italian message with the focus on it, and the form stays', async () => {
    const { fetchMock } = renderPage({ 'GET /api/pos/request': { status: 200, body: requestView() }, 'POST /api/payments/test/pay': DECLINED });
    const form = await payWith(TEST_CARDS.declined);
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent(IT_BILLING.testMode.cardDeclined);
    await waitFor(() => expect(alert).toHaveFocus());
    expect(requestsTo(fetchMock, 'GET /api/pos/verify/')).toHaveLength(0);
  });

  it('a card asking for authentication goes to its confirmation page; approving it comes back to the request, paid', async () => {
    let paid = false;
    const authentication = { status: 'pending', merchant: 'Ottica Rossi', last4: '3155', amount: { net: 2049, vat: 451, total: 2500 }, returnTo: PAGE_PATH };
    const { fetchMock } = renderPage({
      'GET /api/pos/request': () => ({ status: 200, body: paid ? PAID : requestView() }),
      'POST /api/payments/test/pay': { status: 200, body: { status: 'requires_action', token: 'tca_1', authenticationUrl: '/pagamento/autenticazione/tca_1' } },
      'GET /api/payments/test/authentication/tca_1': { status: 200, body: authentication },
      'POST /api/payments/test/authentication/tca_1': () => {
        paid = true;
        return { status: 200, body: { ...authentication, status: 'succeeded' } };
      },
    });
    await payWith(TEST_CARDS.authentication);
    expect(await screen.findByRole('heading', { level: 1, name: IT_PAYMENT_PAGES.authentication.title })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/pagamento/autenticazione/tca_1');
    expect(screen.getByRole('note')).toHaveTextContent('Modalità di prova: nessun addebito reale');
    expect(await screen.findByText(IT_BILLING_PAGES.authentication.amount('25,00 €'))).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: IT_BILLING_PAGES.authentication.approve }));
    expect(await screen.findByRole('heading', { name: T.paid })).toBeInTheDocument();
    expect(window.location.pathname).toBe(PAGE_PATH);
    expect(requestsTo(fetchMock, 'POST /api/payments/test/authentication/tca_1')).toHaveLength(1);
  });
});
