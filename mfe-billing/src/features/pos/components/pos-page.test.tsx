import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT_ACCESSIBILITY } from '@incontra/contracts/messages/it-accessibility';
import { IT_POS } from '@incontra/contracts/messages/it-pos';
import { IT_POS_PAGES } from '@incontra/contracts/messages/it-pos-pages';
import { IT_POS_SMS } from '@incontra/contracts/messages/it-pos-sms';
import { IT_BILLING } from '@incontra/contracts/messages/it-billing';
import { offerStaffLine, type StaffLineUser } from '@incontra/contracts/realtime/staff-line';
import { bodiesSentTo, requestsTo } from '@incontra/mfe-kit/testing/mock-fetch';
import { renderApp } from '../../../app/test-utils';
import { browserLocation } from '../browser-location';
import { CENTRO, NAVIGLI, paidPayment, posCreated, posList, posPayment, servePos } from '../testing/pos-api';

const T = IT_POS_PAGES;
const requestsTable = () => screen.findByRole('table', { name: T.list.caption });

describe('the point of sale page', () => {
  it('creates a request from an amount typed in euros, then shows its link to copy, its QR code and its status until closed', async () => {
    const user = userEvent.setup();
    const created = posPayment({ id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', description: 'Piega', amount: 2500 });
    const fetchMock = servePos(
      {},
      {
        'POST /api/pos/create-payment': { status: 200, body: posCreated(created) },
        [`GET /api/pos/payment/${created.id}`]: { status: 200, body: created },
      },
    );
    const { props } = renderApp('/admin/pagamenti');
    await user.click(await screen.findByRole('button', { name: T.create.open }));
    const dialog = await screen.findByRole('dialog', { name: T.create.title });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: T.create.store }), CENTRO.name);
    await user.type(within(dialog).getByRole('textbox', { name: T.create.amount }), '25,00');
    await user.type(within(dialog).getByRole('textbox', { name: T.create.description }), 'Piega');
    await user.click(within(dialog).getByRole('button', { name: T.create.submit }));

    const result = await screen.findByRole('dialog', { name: T.result.title });
    expect(bodiesSentTo(fetchMock, 'POST /api/pos/create-payment')).toEqual([
      { storeId: CENTRO.id, amount: 2500, description: 'Piega', email: null, phone: null },
    ]);
    expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: T.create.created });
    expect(within(result).getByRole('textbox', { name: T.result.link })).toHaveValue(created.link);
    expect(within(result).getByRole('img', { name: T.result.qrAlt('25,00 €') })).toHaveAttribute('src', created.qrCode);
    expect(within(result).getByRole('status', { name: T.result.status })).toHaveTextContent(T.statuses.requested);

    // The form's button is gone: the focus goes on to the next thing to do.
    await waitFor(() => expect(within(result).getByRole('button', { name: T.result.copy })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(await within(result).findByText(T.result.copied)).toHaveAttribute('role', 'status');
    await expect(navigator.clipboard.readText()).resolves.toBe(created.link);

    // It stays open until closed.
    expect(screen.getByRole('dialog', { name: T.result.title })).toBeInTheDocument();
    await user.click(within(result).getByRole('button', { name: IT_ACCESSIBILITY.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it.each([
    ['25', 2500],
    ['25.5', 2550],
  ])('reads %p euros as %p cents', async (typed, cents) => {
    const user = userEvent.setup();
    const fetchMock = servePos({}, { 'POST /api/pos/create-payment': { status: 200, body: posCreated(posPayment({ amount: cents })) } });
    renderApp('/admin/pagamenti');
    await user.click(await screen.findByRole('button', { name: T.create.open }));
    const dialog = await screen.findByRole('dialog', { name: T.create.title });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: T.create.store }), NAVIGLI.name);
    await user.type(within(dialog).getByRole('textbox', { name: T.create.amount }), typed);
    await user.type(within(dialog).getByRole('textbox', { name: T.create.description }), 'Colore');
    await user.click(within(dialog).getByRole('button', { name: T.create.submit }));
    await screen.findByRole('dialog', { name: T.result.title });
    expect(bodiesSentTo(fetchMock, 'POST /api/pos/create-payment')).toEqual([expect.objectContaining({ storeId: NAVIGLI.id, amount: cents })]);
  });

  it.each(['25,001', '1.234,56', '25 €', '0,10'])('refuses %p with the contract’s message, sending nothing', async (typed) => {
    const user = userEvent.setup();
    const fetchMock = servePos();
    renderApp('/admin/pagamenti');
    await user.click(await screen.findByRole('button', { name: T.create.open }));
    const dialog = await screen.findByRole('dialog', { name: T.create.title });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: T.create.store }), CENTRO.name);
    const amount = within(dialog).getByRole('textbox', { name: T.create.amount });
    await user.type(amount, typed);
    await user.type(within(dialog).getByRole('textbox', { name: T.create.description }), 'Piega');
    await user.click(within(dialog).getByRole('button', { name: T.create.submit }));
    expect(await within(dialog).findByText(IT_POS.amountInvalid)).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo(fetchMock, 'POST /api/pos/create-payment')).toHaveLength(0);
  });

  it.each([
    ['queued', { status: 'queued', message: null }, T.result.smsQueued],
    ['refused', { status: 'refused', message: IT_POS_SMS.notSent.country }, IT_POS_SMS.notSent.country],
  ] as const)('says beside the request made with a phone that its SMS was %s', async (_, sms, said) => {
    const user = userEvent.setup();
    const created = posPayment({ phone: '+41 79 123 45 67' });
    servePos(
      {},
      {
        'POST /api/pos/create-payment': { status: 200, body: posCreated(created, sms) },
        [`GET /api/pos/payment/${created.id}`]: { status: 200, body: created },
      },
    );
    renderApp('/admin/pagamenti');
    await user.click(await screen.findByRole('button', { name: T.create.open }));
    const dialog = await screen.findByRole('dialog', { name: T.create.title });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: T.create.store }), CENTRO.name);
    await user.type(within(dialog).getByRole('textbox', { name: T.create.amount }), '25');
    await user.type(within(dialog).getByRole('textbox', { name: T.create.description }), 'Piega');
    await user.type(within(dialog).getByRole('textbox', { name: T.create.phone }), '+41 79 123 45 67');
    await user.click(within(dialog).getByRole('button', { name: T.create.submit }));
    const result = await screen.findByRole('dialog', { name: T.result.title });
    expect(within(result).getByText(said)).toBeInTheDocument();
    // The link is there to copy all the same.
    expect(within(result).getByRole('textbox', { name: T.result.link })).toHaveValue(created.link);
  });

  it('shows the API’s refusal of a field under that field', async () => {
    const user = userEvent.setup();
    servePos(
      {},
      { 'POST /api/pos/create-payment': { status: 400, body: { statusCode: 400, error: 'Bad Request', message: IT_POS.emailInvalid, field: 'email' } } },
    );
    renderApp('/admin/pagamenti');
    await user.click(await screen.findByRole('button', { name: T.create.open }));
    const dialog = await screen.findByRole('dialog', { name: T.create.title });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: T.create.store }), CENTRO.name);
    await user.type(within(dialog).getByRole('textbox', { name: T.create.amount }), '10');
    await user.type(within(dialog).getByRole('textbox', { name: T.create.description }), 'Piega');
    await user.type(within(dialog).getByRole('textbox', { name: T.create.email }), 'a@b.co');
    await user.click(within(dialog).getByRole('button', { name: T.create.submit }));
    expect(await within(dialog).findByText(IT_POS.emailInvalid)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: T.create.email })).toHaveAttribute('aria-invalid', 'true');
  });

  it('lists the requests with their amount in euros and status in words, and the daily totals', async () => {
    servePos({
      list: posList(
        [paidPayment({ id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', amount: 123456, description: 'Cena' }), posPayment()],
        [{ date: '2026-11-28', storeId: CENTRO.id, storeName: CENTRO.name, count: 1, amount: 123456 }],
      ),
    });
    renderApp('/admin/pagamenti');
    const [, paid, unpaid] = within(await requestsTable()).getAllByRole('row');
    expect(paid).toHaveTextContent('Cena');
    expect(paid).toHaveTextContent('1.234,56 €');
    expect(paid).toHaveTextContent(T.statuses.paid);
    expect(within(paid!).queryByRole('button', { name: T.actions.cancelOf('Cena') })).not.toBeInTheDocument();
    expect(unpaid).toHaveTextContent('25,00 €');
    expect(unpaid).toHaveTextContent(T.statuses.requested);
    const [, total] = within(screen.getByRole('table', { name: T.totals.caption })).getAllByRole('row');
    expect(total).toHaveTextContent(CENTRO.name);
    expect(total).toHaveTextContent('1.234,56 €');
    expect(screen.getByRole('note')).toHaveTextContent(IT_BILLING.testMode.notice);
  });

  it('filters by store, status and days, and exports the CSV of the same filters', async () => {
    const user = userEvent.setup();
    const fetchMock = servePos();
    renderApp('/admin/pagamenti');
    await requestsTable();
    await user.selectOptions(screen.getByRole('combobox', { name: T.filters.store }), NAVIGLI.name);
    await user.selectOptions(screen.getByRole('combobox', { name: T.filters.status }), T.statuses.paid);
    const from = screen.getByLabelText(T.filters.from);
    await user.type(from, '2026-11-01');
    await waitFor(() => {
      const last = requestsTo(fetchMock, 'GET /api/pos/payment').at(-1)!.url.searchParams;
      expect(Object.fromEntries(last)).toEqual({ storeId: NAVIGLI.id, status: 'paid', from: '2026-11-01' });
    });
    const csv = new URL(screen.getByRole('link', { name: T.list.exportCsv }).getAttribute('href')!, window.location.origin);
    expect(csv.pathname).toBe('/api/pos/payment');
    expect(Object.fromEntries(csv.searchParams)).toEqual({ storeId: NAVIGLI.id, status: 'paid', from: '2026-11-01', format: 'csv' });
  });

  it('cancels an unpaid request only once confirmed, sending the CSRF header with the GET', async () => {
    const user = userEvent.setup();
    document.cookie = 'incontra_csrf=csrf-token-1';
    const unpaid = posPayment();
    const fetchMock = servePos({}, { [`GET /api/pos/payment/${unpaid.id}/cancel`]: { status: 200, body: { ...unpaid, status: 'cancelled' } } });
    const { props } = renderApp('/admin/pagamenti');
    const row = within(await requestsTable()).getAllByRole('row')[1]!;
    await user.click(within(row).getByRole('button', { name: T.actions.cancelOf(unpaid.description) }));
    let dialog = await screen.findByRole('dialog', { name: T.cancel.title });
    expect(dialog).toHaveTextContent(T.cancel.text('25,00 €', unpaid.description));
    expect(within(dialog).getByRole('button', { name: T.cancel.keep })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: T.cancel.keep }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo(fetchMock, `GET /api/pos/payment/${unpaid.id}/cancel`)).toHaveLength(0);

    await user.click(within(row).getByRole('button', { name: T.actions.cancelOf(unpaid.description) }));
    dialog = await screen.findByRole('dialog', { name: T.cancel.title });
    await user.click(within(dialog).getByRole('button', { name: T.cancel.confirm }));
    await waitFor(() => expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: T.cancel.done }));
    const [sent] = requestsTo(fetchMock, `GET /api/pos/payment/${unpaid.id}/cancel`);
    expect((sent!.init.headers as Record<string, string>)['x-csrf-token']).toBe('csrf-token-1');
    document.cookie = 'incontra_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('keeps a refused cancellation in its dialog', async () => {
    const user = userEvent.setup();
    const unpaid = posPayment();
    servePos({}, { [`GET /api/pos/payment/${unpaid.id}/cancel`]: { status: 409, body: { statusCode: 409, error: 'Conflict', message: IT_POS.alreadyPaid } } });
    renderApp('/admin/pagamenti');
    const row = within(await requestsTable()).getAllByRole('row')[1]!;
    await user.click(within(row).getByRole('button', { name: T.actions.cancelOf(unpaid.description) }));
    const dialog = await screen.findByRole('dialog', { name: T.cancel.title });
    await user.click(within(dialog).getByRole('button', { name: T.cancel.confirm }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(IT_POS.alreadyPaid);
  });

  it('verifies a request with the provider and says its status', async () => {
    const user = userEvent.setup();
    const unpaid = posPayment();
    const fetchMock = servePos({}, { [`GET /api/pos/payment/${unpaid.id}/verify`]: { status: 200, body: paidPayment() } });
    const { props } = renderApp('/admin/pagamenti');
    const row = within(await requestsTable()).getAllByRole('row')[1]!;
    await user.click(within(row).getByRole('button', { name: T.actions.verifyOf(unpaid.description) }));
    await waitFor(() => expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: T.actions.verified(T.statuses.paid) }));
    expect(requestsTo(fetchMock, 'GET /api/pos/payment').length).toBeGreaterThanOrEqual(2);
  });

  it('turns a request to «Pagato» when the staff line says it changed, in the list and in its open dialog, without a reload', async () => {
    const user = userEvent.setup();
    let current = posPayment();
    servePos(
      {},
      {
        'GET /api/pos/payment': () => ({ status: 200, body: posList([current]) }),
        [`GET /api/pos/payment/${current.id}`]: () => ({ status: 200, body: current }),
      },
    );
    const users = new Set<StaffLineUser>();
    const withdraw = offerStaffLine({
      join: (user) => {
        users.add(user);
        return () => users.delete(user);
      },
    });
    try {
      renderApp('/admin/pagamenti');
      const row = within(await requestsTable()).getAllByRole('row')[1]!;
      expect(row).toHaveTextContent(T.statuses.requested);
      await user.click(within(row).getByRole('button', { name: T.list.open(current.description) }));
      const dialog = await screen.findByRole('dialog', { name: T.result.title });
      expect(await within(dialog).findByRole('status', { name: T.result.status })).toHaveTextContent(T.statuses.requested);
      expect(users.size).toBe(1);

      current = paidPayment();
      act(() => users.forEach((joined) => joined.onMessage?.({ type: 'pos', storeId: CENTRO.id, paymentId: current.id })));
      await waitFor(() => expect(within(dialog).getByRole('status', { name: T.result.status })).toHaveTextContent(T.statuses.paid));
      expect(within(dialog).getByText(T.result.card('4242'))).toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: T.result.copy })).not.toBeInTheDocument();
      await waitFor(() =>
        expect(within(screen.getByRole('table', { name: T.list.caption, hidden: true })).getAllByRole('row', { hidden: true })[1]).toHaveTextContent(
          T.statuses.paid,
        ),
      );
    } finally {
      withdraw();
    }
  });

  it('says when there is no request yet', async () => {
    servePos({ list: posList([]) });
    renderApp('/admin/pagamenti');
    expect(await screen.findByText(T.list.empty)).toBeInTheDocument();
    expect(screen.getByText(T.totals.empty)).toBeInTheDocument();
  });

  it('shows a failed read of the list with «Riprova», which reads again', async () => {
    let fail = true;
    servePos(
      {},
      {
        'GET /api/pos/payment': () =>
          fail
            ? { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Si è verificato un errore. Riprova.' } }
            : { status: 200, body: posList([]) },
      },
    );
    renderApp('/admin/pagamenti');
    const retry = await screen.findByRole('button', { name: 'Riprova' }, { timeout: 5000 });
    expect(screen.getByRole('alert')).toHaveTextContent('Si è verificato un errore. Riprova.');
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByText(T.list.empty)).toBeInTheDocument();
  });

  it('says why no request can be made when the account cannot take payments yet', async () => {
    servePos({ form: { stores: [CENTRO], paymentMode: 'stripe', canTakePayments: false, expiryHours: 24 } });
    renderApp('/admin/pagamenti');
    expect(await screen.findByText(T.create.cannotTake)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.create.open })).toBeDisabled();
    expect(screen.queryByText(IT_BILLING.testMode.notice)).not.toBeInTheDocument();
  });
});

describe('the point of sale page for admins', () => {
  it('with Stripe, leads to Stripe’s onboarding when the account cannot take payments yet', async () => {
    const user = userEvent.setup();
    const assign = jest.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    const fetchMock = servePos(
      {
        form: { stores: [CENTRO], paymentMode: 'stripe', canTakePayments: false, expiryHours: 24 },
        account: { paymentMode: 'stripe', canTakePayments: false, accountId: null, detailsSubmitted: false },
      },
      { 'POST /api/payments/account/onboarding': { status: 200, body: { url: 'https://connect.stripe.com/setup/e/acct_1/abc' } } },
    );
    renderApp('/admin/pagamenti');
    expect(await screen.findByText(T.online.missing)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.online.setUp }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://connect.stripe.com/setup/e/acct_1/abc'));
    expect(requestsTo(fetchMock, 'POST /api/payments/account/onboarding')).toHaveLength(1);
    assign.mockRestore();
  });

  it('with Stripe, says the account is ready once it can take payments', async () => {
    servePos({
      form: { stores: [CENTRO], paymentMode: 'stripe', canTakePayments: true, expiryHours: 24 },
      account: { paymentMode: 'stripe', canTakePayments: true, accountId: 'acct_1', detailsSubmitted: true },
    });
    renderApp('/admin/pagamenti');
    expect(await screen.findByText(T.online.ready)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.online.setUp })).not.toBeInTheDocument();
  });

  it('saves the expiry of the requests, refusing hours out of range with the contract’s message', async () => {
    const user = userEvent.setup();
    const fetchMock = servePos({}, { 'PUT /api/pos/settings': ({ body }) => ({ status: 200, body }) });
    const { props } = renderApp('/admin/pagamenti');
    const hours = await screen.findByRole('spinbutton', { name: T.expiry.label });
    expect(hours).toHaveValue(24);
    await user.clear(hours);
    await user.type(hours, '200');
    await user.click(screen.getByRole('button', { name: T.expiry.save }));
    expect(await screen.findByText(IT_POS.expiryInvalid)).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PUT /api/pos/settings')).toHaveLength(0);
    await user.clear(hours);
    await user.type(hours, '48');
    await user.click(screen.getByRole('button', { name: T.expiry.save }));
    await waitFor(() => expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: T.expiry.saved }));
    expect(bodiesSentTo(fetchMock, 'PUT /api/pos/settings')).toEqual([{ expiryHours: 48 }]);
  });

  it('shows an operator neither the online payments nor the expiry', async () => {
    servePos({ role: 'operator', form: { stores: [CENTRO], paymentMode: 'stripe', canTakePayments: true, expiryHours: 24 } });
    renderApp('/admin/pagamenti');
    await requestsTable();
    expect(screen.queryByRole('heading', { name: T.online.title })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: T.expiry.title })).not.toBeInTheDocument();
  });
});
