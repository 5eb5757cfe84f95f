import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CompanyConfig, StoreConfig } from '@incontra/contracts/api/stores';
import { IT } from '@incontra/contracts/messages/it';
import { buildMfeProps } from '@incontra/mfe-kit/testing/build-mfe-props';
import { TEST_COMPANY } from '@incontra/mfe-kit/testing/fixtures';
import { mockFetch } from '@incontra/mfe-kit/testing/mock-fetch';
import { renderApp } from '../../../app/test-utils';

const MILANO = { id: '5f0e0a52-8d4b-4c1e-9b7a-0a1b2c3d4e01', name: 'Milano Centro', address: 'Via Dante 1', wall: null };
const ROMA = { id: '5f0e0a52-8d4b-4c1e-9b7a-0a1b2c3d4e02', name: 'Roma Termini', address: null, wall: null };
const CONFIG: CompanyConfig = { id: TEST_COMPANY.id, name: TEST_COMPANY.name, stores: [MILANO, ROMA] };

describe('welcome screen', () => {
  it('shows the logo, the default title with the company name, the first store and both actions', async () => {
    const fetchMock = mockFetch({ 'GET /api/config/company': { status: 200, body: CONFIG } });
    renderApp('/');

    const frame = screen.getByTestId('company-frame');
    expect(within(frame).getByText('Demo')).toBeInTheDocument();
    expect(frame.querySelector('img')).toHaveAttribute('src', '/shell/default-logo.svg');
    expect(screen.getByRole('heading', { level: 1, name: 'Benvenuto da Demo' })).toBeInTheDocument();
    expect(await screen.findByText('Milano Centro')).toBeInTheDocument();

    const join = screen.getByRole('link', { name: IT.visitor.join });
    expect(join).toHaveAttribute('href', `/partecipa?store=${MILANO.id}`);
    expect(join).toHaveAccessibleDescription(IT.visitor.joinDescription);
    expect(screen.getByRole('link', { name: IT.visitor.book })).toHaveAttribute('href', `/prenota?store=${MILANO.id}`);

    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.headers).toMatchObject({ 'x-origin': window.location.origin });
  });

  it('uses the company welcome title when one is set', async () => {
    mockFetch({ 'GET /api/config/company': { status: 200, body: CONFIG } });
    renderApp('/', buildMfeProps({ company: { ...TEST_COMPANY, settings: { welcomeTitle: 'Ciao da Demo!' } } }));
    expect(screen.getByRole('heading', { level: 1, name: 'Ciao da Demo!' })).toBeInTheDocument();
    expect(await screen.findByText('Milano Centro')).toBeInTheDocument();
  });

  it('chooses the store named by ?store= over the first store', async () => {
    mockFetch({ 'GET /api/config/company': { status: 200, body: CONFIG } });
    renderApp(`/?store=${ROMA.id}`);
    expect(await screen.findByText('Roma Termini')).toBeInTheDocument();
    expect(screen.queryByText('Milano Centro')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: IT.visitor.join })).toHaveAttribute('href', `/partecipa?store=${ROMA.id}`);
  });

  it('takes the store the shell already loaded without asking the API', () => {
    const fetchMock = mockFetch({});
    const store: StoreConfig = { ...ROMA, rooms: [] };
    renderApp(`/?store=${ROMA.id}`, buildMfeProps({ storeContext: { store, translations: [] } }));
    expect(screen.getByText('Roma Termini')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says so when the company has no store', async () => {
    mockFetch({ 'GET /api/config/company': { status: 200, body: { ...CONFIG, stores: [] } } });
    renderApp('/');
    expect(await screen.findByText(IT.visitor.noStores)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: IT.visitor.join })).not.toBeInTheDocument();
  });

  it('shows an Italian error with a retry when the stores cannot be loaded', async () => {
    let calls = 0;
    mockFetch({
      'GET /api/config/company': () => {
        calls += 1;
        return calls === 1 ? { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'boom' } } : { status: 200, body: CONFIG };
      },
    });
    renderApp('/');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(IT.visitor.storesLoadFailed);
    await userEvent.click(within(alert).getByRole('button', { name: IT.shell.retry }));
    expect(await screen.findByText('Milano Centro')).toBeInTheDocument();
  });

  it('leads to the live flow in this remote', async () => {
    mockFetch({ 'GET /api/config/company': { status: 200, body: CONFIG } });
    renderApp('/');
    await userEvent.click(await screen.findByRole('link', { name: IT.visitor.join }));
    expect(await screen.findByRole('heading', { level: 1, name: IT.visitor.liveTitle })).toBeInTheDocument();
    expect(window.location.search).toBe(`?store=${MILANO.id}`);
  });
});
