import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Subscription } from '@incontra/contracts/api/subscription';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { queryKeys } from '@incontra/contracts/query-keys';
import { ROUTES } from '@incontra/contracts/routes';
import { TEST_COMPANY, testSubscription } from '@incontra/mfe-kit/testing/fixtures';
import { mockFetch } from '@incontra/mfe-kit/testing/mock-fetch';
import { LimitedCreateButton, usePlanUsage, type LimitedResource } from './plan-usage';
import { renderWithProviders } from './test-utils';

function subscription(usersLimit: number, rooms: number, usage: { users: number; rooms: number }): Subscription {
  return testSubscription({ plan: { id: 'base', name: 'Base', price: 2900, usersLimit, rooms, trialDays: 0 }, usage });
}

function Usage({ resource }: { resource: LimitedResource }) {
  const usage = usePlanUsage(resource);
  return (
    <>
      <p>{usage.text || 'sconosciuto'}</p>
      <LimitedCreateButton resource={resource} onClick={onCreate}>
        Nuovo
      </LimitedCreateButton>
    </>
  );
}

const onCreate = jest.fn();

function renderWith(body: Subscription, resource: LimitedResource) {
  const fetchMock = mockFetch({ 'GET /api/subscription': { status: 200, body } });
  return { fetchMock, ...renderWithProviders(<Usage resource={resource} />) };
}

describe('plan usage and the limited create button', () => {
  beforeEach(() => onCreate.mockClear());

  it('creates freely below the limit', async () => {
    renderWith(subscription(5, 3, { users: 4, rooms: 3 }), 'users');
    expect(await screen.findByText('4 / 5 utenti')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Nuovo' }));
    expect(onCreate).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(IT_MANAGEMENT.planLimit.users)).not.toBeInTheDocument();
  });

  it('is disabled at the limit, says why beside it and links to the subscription through the shell', async () => {
    const { props } = renderWith(subscription(5, 3, { users: 4, rooms: 3 }), 'rooms');
    expect(await screen.findByText('3 / 3 stanze')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Nuovo' });
    expect(button).toBeDisabled();
    expect(screen.getByText(IT_MANAGEMENT.planLimit.rooms, { exact: false })).toBeVisible();
    expect(button).toHaveAccessibleDescription(`${IT_MANAGEMENT.planLimit.rooms} ${IT_MANAGEMENT.planLimit.upgrade}`);

    const upgrade = screen.getByRole('link', { name: IT_MANAGEMENT.planLimit.upgrade });
    expect(upgrade).toHaveAttribute('href', ROUTES.billing);
    await userEvent.click(upgrade);
    expect(props.navigate).toHaveBeenCalledWith(ROUTES.billing);
    expect(onCreate).not.toHaveBeenCalled();
  });

  it('never blocks an unlimited plan (-1)', async () => {
    renderWith(subscription(-1, -1, { users: 500, rooms: 900 }), 'rooms');
    expect(await screen.findByText('900 stanze (illimitati)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nuovo' })).toBeEnabled();
  });

  it('shares the billing remote’s cached subscription instead of asking again', async () => {
    const fetchMock = mockFetch({});
    const { props } = renderWithProviders(<></>);
    props.queryClient.setQueryData(queryKeys.subscription(TEST_COMPANY.id), subscription(2, 2, { users: 2, rooms: 1 }));
    renderWithProviders(<Usage resource="users" />, props);
    expect(await screen.findByText('2 / 2 utenti')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nuovo' })).toBeDisabled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('leaves the button enabled while the subscription is unknown (the API checks again)', async () => {
    const fetchMock = mockFetch({ 'GET /api/subscription': { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Nessun abbonamento.' } } });
    const { props } = renderWithProviders(<Usage resource="users" />);
    await waitFor(() => expect(props.queryClient.getQueryState(queryKeys.subscription(TEST_COMPANY.id))?.status).toBe('error'));
    expect(fetchMock).toHaveBeenCalled();
    expect(screen.getByText('sconosciuto')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nuovo' })).toBeEnabled();
  });
});
