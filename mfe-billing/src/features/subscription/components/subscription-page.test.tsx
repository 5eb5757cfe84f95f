import { screen, waitFor, within } from '@testing-library/react';
import type { Plan, Subscription } from '@incontra/contracts/api/subscription';
import { ERRORS } from '@incontra/contracts/errors';
import { IT_BILLING } from '@incontra/contracts/messages/it-billing';
import { TEST_USER, testSubscription } from '@incontra/mfe-kit/testing/fixtures';
import { mockFetch } from '@incontra/mfe-kit/testing/mock-fetch';
import { serveBilling } from '../../../app/testing/billing-api';
import { renderApp } from '../../../app/test-utils';

const DAY_MS = 86_400_000;
const PRO_TRIAL: Plan = { id: 'pro-trial', name: 'Pro (prova)', price: 4900, usersLimit: 5, rooms: -1, trialDays: 14 };
const PRO: Plan = { id: 'pro', name: 'Pro', price: 4900, usersLimit: -1, rooms: -1, trialDays: 0 };
const BASIC: Plan = { id: 'basic', name: 'Basic', price: 2900, usersLimit: 3, rooms: 2, trialDays: 0 };

function subscription(over: Partial<Subscription>): Subscription {
  return testSubscription({ id: '3e2d1c0b-9a8f-4e7d-8c6b-5a4f3e2d1c0b', plan: PRO, ...over });
}

function serve(body: Subscription) {
  return serveBilling({ subscription: body });
}

const limitRow = (label: string) => screen.getByRole('rowheader', { name: label }).closest('tr') as HTMLElement;

describe('subscription page', () => {
  it('shows a trial plan with its badge, price, status and the days left', async () => {
    serve(subscription({ plan: PRO_TRIAL, status: 'trialing', trialEndsAt: new Date(Date.now() + 14 * DAY_MS - 3_600_000).toISOString() }));
    renderApp('/admin/abbonamento');
    expect(screen.getByRole('heading', { level: 1, name: IT_BILLING.title })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Piano Pro (prova)' })).toBeInTheDocument();
    expect(screen.getByText(IT_BILLING.trial)).toBeInTheDocument();
    expect(screen.getByText('Mancano 14 giorni')).toBeInTheDocument();
    // Intl puts a no-break space before the euro sign; the matcher collapses it to a plain space.
    expect(screen.getByText(/^Prezzo:/)).toHaveTextContent('Prezzo: 49,00 € al mese');
    expect(screen.getByText(IT_BILLING.status.trialing)).toBeInTheDocument();
    expect(within(limitRow(IT_BILLING.users)).getByRole('cell')).toHaveTextContent('2 / 5');
    expect(within(limitRow(IT_BILLING.rooms)).getByRole('cell')).toHaveTextContent('3 / Illimitate');
  });

  it('says the trial has ended once no day is left', async () => {
    serve(subscription({ plan: PRO_TRIAL, status: 'trialing', trialEndsAt: new Date(Date.now() - DAY_MS).toISOString() }));
    renderApp('/admin/abbonamento');
    expect(await screen.findByText(IT_BILLING.trialEnded)).toBeInTheDocument();
  });

  it('shows -1 limits as unlimited and no trial for a paid plan', async () => {
    serve(subscription({ plan: PRO }));
    renderApp('/admin/abbonamento');
    await screen.findByRole('heading', { name: 'Piano Pro' });
    expect(within(limitRow(IT_BILLING.users)).getByRole('cell')).toHaveTextContent('2 / Illimitati');
    expect(within(limitRow(IT_BILLING.rooms)).getByRole('cell')).toHaveTextContent('3 / Illimitate');
    expect(screen.queryByText(IT_BILLING.trial)).not.toBeInTheDocument();
    expect(screen.getByText(IT_BILLING.status.active)).toBeInTheDocument();
  });

  it('announces a downgrade when the next plan costs less, with the date it takes effect', async () => {
    serve(subscription({ plan: PRO, nextPlan: BASIC, currentPeriodEndsAt: '2026-03-01T12:00:00Z' }));
    renderApp('/admin/abbonamento');
    expect(await screen.findByText('Dal 1 marzo 2026 passerai al piano Basic.')).toBeInTheDocument();
  });

  it('announces nothing when the next plan costs more', async () => {
    serve(subscription({ plan: BASIC, nextPlan: PRO, currentPeriodEndsAt: '2026-03-01T12:00:00Z' }));
    renderApp('/admin/abbonamento');
    await screen.findByRole('heading', { name: 'Piano Basic' });
    expect(screen.queryByText(/passerai al piano/)).not.toBeInTheDocument();
  });

  it('shows the empty state when the company has no subscription (404)', async () => {
    mockFetch({
      'GET /api/me': { status: 200, body: TEST_USER },
      'GET /api/subscription': { status: 404, body: { statusCode: 404, error: 'Not Found', message: ERRORS.subscriptionNotFound } },
    });
    renderApp('/admin/abbonamento');
    expect(await screen.findByText(IT_BILLING.noSubscription)).toBeInTheDocument();
  });

  it('sends a visitor without a session to the back-office login, without reading the subscription', async () => {
    const fetchMock = mockFetch({ 'GET /api/me': { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' } } });
    const { props } = renderApp('/admin/abbonamento');
    await waitFor(() => expect(props.navigate).toHaveBeenCalledWith('/admin/login', { replace: true }));
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/me']);
  });

  it('inside the back office shows only its heading and content: the layout around it has the logo and the way back', async () => {
    serveBilling({ subscription: subscription({}), invoices: [] });
    renderApp('/admin/abbonamento');
    await screen.findByRole('heading', { name: 'Piano Pro' });
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1, name: IT_BILLING.title })).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
