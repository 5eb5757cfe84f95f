import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT_BILLING_PAGES } from '@incontra/contracts/messages/it-billing-pages';
import { expectHeadingsInOrder } from '@incontra/mfe-kit/testing/heading-order';
import { bodiesSentTo, requestsTo } from '@incontra/mfe-kit/testing/mock-fetch';
import { billingSubscription, PRO_TRIAL, serveBilling } from '../../../app/testing/billing-api';
import { renderApp } from '../../../app/test-utils';

const T = IT_BILLING_PAGES;

describe('subscription state and cancellation', () => {
  it('explains a failed renewal with what to do and the date it will be cancelled', async () => {
    serveBilling({ subscription: billingSubscription({ status: 'past_due', graceEndsAt: '2026-12-08T09:00:00Z' }) });
    renderApp('/admin/abbonamento');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(T.state.pastDue);
    expect(alert).toHaveTextContent(T.state.pastDueUntil('8 dicembre 2026'));
    expect(await screen.findByRole('button', { name: T.card.replace })).toBeInTheDocument();
  });

  it('leads from a failed renewal to the card form: «Aggiorna la carta» opens it, its first field focused', async () => {
    const user = userEvent.setup();
    serveBilling(
      { subscription: billingSubscription({ status: 'past_due', graceEndsAt: '2026-12-08T09:00:00Z' }) },
      { 'GET /api/subscription/setup-intent': { status: 200, body: { mode: 'test', clientSecret: 'tseti_secret_1', publishableKey: null } } },
    );
    renderApp('/admin/abbonamento');
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: T.state.updateCard }));
    const form = await screen.findByRole('form', { name: T.card.formTitle });
    await waitFor(() => expect(within(form).getByLabelText(T.card.number, { exact: false })).toHaveFocus());
  });

  it('offers an operator no card form from a failed renewal', async () => {
    serveBilling({ role: 'operator', subscription: billingSubscription({ status: 'past_due', graceEndsAt: '2026-12-08T09:00:00Z' }) });
    renderApp('/admin/abbonamento');
    expect(await screen.findByText(T.state.pastDue)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.state.updateCard })).not.toBeInTheDocument();
  });

  it('explains a cancelled subscription and the billing-only lockout, and offers its own plan back', async () => {
    serveBilling({ subscription: billingSubscription({ status: 'canceled', billingOnly: true }) });
    renderApp('/admin/abbonamento');
    expect(await screen.findByText(T.state.canceled)).toBeInTheDocument();
    expect(screen.getByText(T.state.billingOnly)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.plans.switchTo('Pro') })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.cancel.open })).not.toBeInTheDocument();
  });

  it('shows the trial end (a trial has nothing to cancel) and the renewal date', async () => {
    serveBilling({
      subscription: billingSubscription({ plan: PRO_TRIAL, status: 'trialing', trialEndsAt: '2026-12-12T09:00:00Z', currentPeriodEndsAt: null }),
    });
    const { unmount } = renderApp('/admin/abbonamento');
    expect(await screen.findByText(T.state.trialEnds('12 dicembre 2026'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.cancel.open })).not.toBeInTheDocument();
    unmount();

    serveBilling();
    renderApp('/admin/abbonamento');
    expect(await screen.findByText(T.state.renews('1 dicembre 2026'))).toBeInTheDocument();
  });

  it('cancels at the period end after the confirmation, which keeps the focus on the way out', async () => {
    let cancelled = false;
    const fetchMock = serveBilling(
      {},
      {
        'GET /api/subscription': () => ({ status: 200, body: billingSubscription({ cancelAtPeriodEnd: cancelled }) }),
        'POST /api/subscription/cancel': () => {
          cancelled = true;
          return { status: 200, body: billingSubscription({ cancelAtPeriodEnd: true }) };
        },
      },
    );
    const { props } = renderApp('/admin/abbonamento');
    await userEvent.click(await screen.findByRole('button', { name: T.cancel.open }));
    const dialog = await screen.findByRole('dialog', { name: T.cancel.title });
    expect(within(dialog).getByText(T.cancel.text('1 dicembre 2026'))).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: T.cancel.keep })).toHaveFocus());
    await userEvent.click(within(dialog).getByRole('button', { name: T.cancel.confirm }));

    expect(await screen.findByText(T.state.cancelAtEnd('1 dicembre 2026'))).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/subscription/cancel')).toEqual([{}]);
    expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: T.cancel.done });
    expect(screen.getByRole('button', { name: T.cancel.undo })).toBeInTheDocument();
  });

  it('takes a cancellation back with «Annulla la disdetta»', async () => {
    let cancelled = true;
    const fetchMock = serveBilling(
      {},
      {
        'GET /api/subscription': () => ({ status: 200, body: billingSubscription({ cancelAtPeriodEnd: cancelled }) }),
        'POST /api/subscription/cancel': () => {
          cancelled = false;
          return { status: 200, body: billingSubscription() };
        },
      },
    );
    const { props } = renderApp('/admin/abbonamento');
    await userEvent.click(await screen.findByRole('button', { name: T.cancel.undo }));
    expect(await screen.findByRole('button', { name: T.cancel.open })).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/subscription/cancel')).toEqual([{ undo: true }]);
    expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: T.cancel.undone });
    expect(screen.queryByText(T.state.cancelAtEnd('1 dicembre 2026'))).not.toBeInTheDocument();
  });

  it('keeps its headings in order with every section shown, the card form open included', async () => {
    serveBilling();
    renderApp('/admin/abbonamento');
    await screen.findByRole('table', { name: T.payments.caption });
    await screen.findByRole('form', { name: 'Dati di fatturazione' });
    expectHeadingsInOrder();
    await userEvent.click(screen.getByRole('button', { name: T.card.replace }));
    await screen.findByRole('form', { name: T.card.formTitle });
    expectHeadingsInOrder();
  });

  it('shows an operator the summary only: no buttons, no card, data or payments read', async () => {
    const fetchMock = serveBilling({ role: 'operator' });
    renderApp('/admin/abbonamento');
    expect(await screen.findByText(T.state.adminOnly)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Piano Pro' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /api/subscription/payment')).toHaveLength(0);
    expect(requestsTo(fetchMock, 'GET /api/payments/company')).toHaveLength(0);
    expect(requestsTo(fetchMock, 'GET /api/subscription/billing')).toHaveLength(0);
  });
});
