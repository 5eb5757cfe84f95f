import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CheckoutPreview } from '@incontra/contracts/api/subscription';
import { IT_BILLING } from '@incontra/contracts/messages/it-billing';
import { IT_BILLING_PAGES } from '@incontra/contracts/messages/it-billing-pages';
import { bodiesSentTo, requestsTo } from '@incontra/mfe-kit/testing/mock-fetch';
import { BASIC, billingSubscription, PRO, PRO_TRIAL, serveBilling } from '../../../app/testing/billing-api';
import { renderApp } from '../../../app/test-utils';

const T = IT_BILLING_PAGES;

const UPGRADE: CheckoutPreview = {
  plan: PRO,
  change: 'upgrade',
  dueNow: { net: 1000, vat: 220, total: 1220 },
  nextPeriod: { net: 4900, vat: 1078, total: 5978 },
  effectiveAt: '2026-11-20T09:00:00Z',
  prorationDate: '2026-11-20T09:00:00Z',
  nextPeriodStartsAt: '2026-12-01T09:00:00Z',
};

const DOWNGRADE: CheckoutPreview = {
  plan: BASIC,
  change: 'downgrade',
  dueNow: { net: 0, vat: 0, total: 0 },
  nextPeriod: { net: 2900, vat: 638, total: 3538 },
  effectiveAt: '2026-12-01T09:00:00Z',
  prorationDate: '2026-11-20T09:00:00Z',
  nextPeriodStartsAt: '2026-12-01T09:00:00Z',
};

describe('plans and the preview of a change', () => {
  it('shows the plans side by side with net price, VAT, total and limits, the current one marked and without a button', async () => {
    serveBilling({ subscription: billingSubscription({ plan: PRO_TRIAL, status: 'trialing', plans: [BASIC, PRO] }) });
    renderApp('/admin/abbonamento');
    const basic = (await screen.findByRole('heading', { level: 3, name: 'Basic' })).closest('.mantine-Card-root') as HTMLElement;
    expect(basic).toHaveTextContent('29,00 € + IVA al mese');
    expect(basic).toHaveTextContent('IVA 22%: 6,38 €');
    expect(basic).toHaveTextContent('Totale 35,38 € al mese');
    expect(basic).toHaveTextContent('Utenti: 3');
    expect(basic).toHaveTextContent('Stanze: 2');
    const pro = screen.getByRole('heading', { level: 3, name: 'Pro' }).closest('.mantine-Card-root') as HTMLElement;
    expect(pro).toHaveTextContent('Utenti: Illimitati');
    expect(pro).toHaveTextContent('Stanze: Illimitate');
    expect(within(basic).getByRole('button', { name: T.plans.switchTo('Basic') })).toBeInTheDocument();
    expect(within(pro).getByRole('button', { name: T.plans.switchTo('Pro') })).toBeInTheDocument();
  });

  it('marks the current plan and offers only the others', async () => {
    serveBilling();
    renderApp('/admin/abbonamento');
    const pro = (await screen.findByRole('heading', { level: 3, name: 'Pro' })).closest('.mantine-Card-root') as HTMLElement;
    expect(pro).toHaveAttribute('aria-current', 'true');
    expect(within(pro).getByText(T.plans.current)).toBeInTheDocument();
    expect(within(pro).queryByRole('button')).not.toBeInTheDocument();
  });

  it('previews an upgrade (now, from when, the next periods, VAT), then confirms it and refreshes everything', async () => {
    let plan = BASIC;
    const fetchMock = serveBilling(
      {},
      {
        'GET /api/subscription': () => ({ status: 200, body: billingSubscription({ plan }) }),
        'POST /api/subscription/checkout-preview': { status: 200, body: UPGRADE },
        'POST /api/subscription/checkout': () => {
          plan = PRO;
          return { status: 200, body: billingSubscription({ plan }) };
        },
      },
    );
    const { props } = renderApp('/admin/abbonamento');
    await userEvent.click(await screen.findByRole('button', { name: T.plans.switchTo('Pro') }));

    const dialog = await screen.findByRole('dialog', { name: T.preview.title('Pro') });
    expect(within(dialog).getByRole('note')).toHaveTextContent(IT_BILLING.testMode.notice);
    const now = await within(dialog).findByRole('table', { name: T.preview.dueNow });
    expect(within(now).getByRole('row', { name: /Imponibile/ })).toHaveTextContent('10,00 €');
    expect(within(now).getByRole('row', { name: /IVA 22%/ })).toHaveTextContent('2,20 €');
    expect(within(now).getByRole('row', { name: /Totale/ })).toHaveTextContent('12,20 €');
    expect(within(dialog).getByText(T.preview.dueNowFrom('20 novembre 2026'))).toBeInTheDocument();
    const next = within(dialog).getByRole('table', { name: T.preview.nextPeriod('1 dicembre 2026') });
    expect(within(next).getByRole('row', { name: /Totale/ })).toHaveTextContent('59,78 €');
    expect(bodiesSentTo(fetchMock, 'POST /api/subscription/checkout-preview')).toEqual([{ plan: 'pro' }]);
    expect(requestsTo(fetchMock, 'POST /api/subscription/checkout')).toHaveLength(0);

    const readsBefore = requestsTo(fetchMock, 'GET /api/payments/company').length;
    await userEvent.click(within(dialog).getByRole('button', { name: T.preview.confirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The preview's proration date goes back with the upgrade: charged exactly what was shown.
    expect(bodiesSentTo(fetchMock, 'POST /api/subscription/checkout')).toEqual([{ plan: 'pro', prorationDate: UPGRADE.prorationDate }]);
    expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: T.preview.changed('Pro') });
    expect(await screen.findByRole('heading', { name: 'Piano Pro' })).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(fetchMock, 'GET /api/payments/company').length).toBeGreaterThan(readsBefore));
    await waitFor(() => expect(screen.getByRole('heading', { name: T.plans.title })).toHaveFocus());
  });

  it('keeps a declined card’s Italian message in the dialog and changes nothing', async () => {
    const declined = 'La carta è stata rifiutata dalla banca.';
    serveBilling(
      { subscription: billingSubscription({ plan: BASIC }) },
      {
        'POST /api/subscription/checkout-preview': { status: 200, body: UPGRADE },
        'POST /api/subscription/checkout': { status: 402, body: { statusCode: 402, error: 'Payment Required', message: declined } },
      },
    );
    const { props } = renderApp('/admin/abbonamento');
    await userEvent.click(await screen.findByRole('button', { name: T.plans.switchTo('Pro') }));
    const dialog = await screen.findByRole('dialog', { name: T.preview.title('Pro') });
    await within(dialog).findByRole('table', { name: T.preview.dueNow });
    await userEvent.click(within(dialog).getByRole('button', { name: T.preview.confirm }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(declined);
    expect(props.notify.show).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Piano Basic' })).toBeInTheDocument();
  });

  it('previews a downgrade as nothing charged now, from the period end, and says it is scheduled', async () => {
    const fetchMock = serveBilling(
      {},
      {
        'POST /api/subscription/checkout-preview': { status: 200, body: DOWNGRADE },
        'POST /api/subscription/checkout': { status: 200, body: billingSubscription({ nextPlan: BASIC }) },
      },
    );
    const { props } = renderApp('/admin/abbonamento');
    await userEvent.click(await screen.findByRole('button', { name: T.plans.switchTo('Basic') }));
    const dialog = await screen.findByRole('dialog', { name: T.preview.title('Basic') });
    expect(await within(dialog).findByText(T.preview.nothingNow('1 dicembre 2026', 'Basic'))).toBeInTheDocument();
    expect(within(dialog).queryByRole('table', { name: T.preview.dueNow })).not.toBeInTheDocument();
    expect(within(within(dialog).getByRole('table', { name: T.preview.nextPeriod('1 dicembre 2026') })).getByRole('row', { name: /Totale/ })).toHaveTextContent(
      '35,38 €',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: T.preview.confirm }));
    await waitFor(() => expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: T.preview.scheduled('Basic', '1 dicembre 2026') }));
    expect(bodiesSentTo(fetchMock, 'POST /api/subscription/checkout')).toEqual([{ plan: 'basic' }]);
  });

  it('closing the preview changes nothing and gives the focus back to the plan’s button; reopened, it asks again', async () => {
    const fetchMock = serveBilling({}, { 'POST /api/subscription/checkout-preview': { status: 200, body: DOWNGRADE } });
    renderApp('/admin/abbonamento');
    const button = await screen.findByRole('button', { name: T.plans.switchTo('Basic') });
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: T.preview.keep }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
    expect(requestsTo(fetchMock, 'POST /api/subscription/checkout')).toHaveLength(0);

    // Opened again, the figures are asked again (they depend on the day and the card).
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: T.preview.title('Basic') })).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(fetchMock, 'POST /api/subscription/checkout-preview')).toHaveLength(2));
  });

  it('says on the page that nothing is really charged in test mode, and not with Stripe', async () => {
    serveBilling();
    const { unmount } = renderApp('/admin/abbonamento');
    expect(await screen.findByText(IT_BILLING.testMode.notice)).toBeInTheDocument();
    unmount();
    serveBilling({ subscription: billingSubscription({ paymentMode: 'stripe' }) });
    renderApp('/admin/abbonamento');
    await screen.findByRole('heading', { name: 'Piano Pro' });
    expect(screen.queryByText(IT_BILLING.testMode.notice)).not.toBeInTheDocument();
  });

  it('says a card is needed when none is on file', async () => {
    serveBilling({ card: null });
    renderApp('/admin/abbonamento');
    expect(await screen.findByText(T.plans.needsCard)).toBeInTheDocument();
  });
});
