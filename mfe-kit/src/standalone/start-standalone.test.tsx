import { act, screen } from '@testing-library/react';
import { IT } from '@incontra/contracts/messages/it';
import type { MfeProps } from '@incontra/contracts/mfe';
import { TEST_COMPANY } from '../testing/fixtures';
import { mockFetch, UNAUTHORIZED } from '../testing/mock-fetch';
import { startStandalone } from './start-standalone';

function Greeting({ company }: MfeProps) {
  return <h1>{company.name}</h1>;
}

describe('startStandalone', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('renders the remote into #root with the props built from the API', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    mockFetch({ 'GET /api/company/localhost': { status: 200, body: TEST_COMPANY }, 'GET /api/me': UNAUTHORIZED });

    await act(() => startStandalone(Greeting));

    expect(document.getElementById('root')).toContainElement(screen.getByRole('heading', { name: TEST_COMPANY.name }));
  });

  it('shows the Italian error notice when the props cannot be built, in a container of its own', async () => {
    mockFetch({ 'GET /api/company/localhost': { status: 500 } });

    await act(() => startStandalone(Greeting));

    expect(screen.getByRole('alert')).toHaveTextContent(IT.shell.errorHeading);
    expect(screen.queryByRole('heading', { name: TEST_COMPANY.name })).not.toBeInTheDocument();
  });
});
