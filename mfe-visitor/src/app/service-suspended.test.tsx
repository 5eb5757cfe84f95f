import { screen } from '@testing-library/react';
import type { CompanyConfig } from '@incontra/contracts/api/stores';
import { IT } from '@incontra/contracts/messages/it';
import { IT_LOCKOUT } from '@incontra/contracts/messages/it-lockout';
import { buildMfeProps } from '@incontra/mfe-kit/testing/build-mfe-props';
import { TEST_COMPANY } from '@incontra/mfe-kit/testing/fixtures';
import { mockFetch } from '@incontra/mfe-kit/testing/mock-fetch';
import { renderApp } from './test-utils';

const MILANO = { id: '5f0e0a52-8d4b-4c1e-9b7a-0a1b2c3d4e01', name: 'Milano Centro', address: 'Via Dante 1', wall: null };
const CONFIG: CompanyConfig = { id: TEST_COMPANY.id, name: TEST_COMPANY.name, stores: [MILANO] };
const suspended = () => buildMfeProps({ company: { ...TEST_COMPANY, serviceSuspended: true } });
const notice = IT_LOCKOUT.visitor.text(TEST_COMPANY.name);

describe('a suspended service on the visitor site', () => {
  it('shows the polite notice on the welcome page in place of the live and booking actions, and keeps the rest', async () => {
    mockFetch({ 'GET /api/config/company': { status: 200, body: CONFIG } });
    renderApp('/', suspended());
    expect(screen.getByRole('heading', { level: 1, name: 'Demo ti dà il benvenuto' })).toBeInTheDocument();
    expect(await screen.findByText('Milano Centro')).toBeInTheDocument();
    expect(screen.getByText(notice)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: new RegExp(`^${IT.visitor.join}`) })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: new RegExp(`^${IT.visitor.book}`) })).not.toBeInTheDocument();
  });

  it.each([
    ['/partecipa', IT.visitor.liveTitle],
    ['/prenota', IT.visitor.bookingTitle],
    ['/prenota/conferma', IT.visitor.bookingTitle],
  ])('shows the notice on %s, asking the API nothing, with the way back to the same store', async (path, heading) => {
    const fetchMock = mockFetch({});
    renderApp(`${path}?store=${MILANO.id}`, suspended());
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByText(notice)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: IT.visitor.back })).toHaveAttribute('href', `/?store=${MILANO.id}`);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the actions when the service is not suspended', async () => {
    mockFetch({ 'GET /api/config/company': { status: 200, body: CONFIG } });
    renderApp('/', buildMfeProps({ company: { ...TEST_COMPANY, serviceSuspended: false } }));
    expect(await screen.findByRole('link', { name: new RegExp(`^${IT.visitor.join}`) })).toBeInTheDocument();
    expect(screen.queryByText(notice)).not.toBeInTheDocument();
  });
});
