import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { TEST_USER } from '@incontra/mfe-kit/testing/fixtures';
import { mockFetch, UNAUTHORIZED } from '@incontra/mfe-kit/testing/mock-fetch';
import { renderApp } from '../../../app/test-utils';
import { FakeLobbySocket, staffRequest } from '../realtime/testing/fake-lobby-socket';

const originalWebSocket = window.WebSocket;
let opened: FakeLobbySocket[] = [];

beforeEach(() => {
  opened = [];
  // The page's default socket factory is `new WebSocket(url)`: a fake keeps jsdom off the network.
  window.WebSocket = class extends FakeLobbySocket {
    constructor(url: string) {
      super(url);
      opened.push(this);
    }
  } as unknown as typeof WebSocket;
});
afterEach(() => {
  window.WebSocket = originalWebSocket;
});

describe('live queue route', () => {
  it('is a back-office section at /admin/diretta that connects to the lobby', async () => {
    mockFetch({ 'GET /api/me': { status: 200, body: TEST_USER }, 'GET /api/bo/join-requests': { status: 200, body: { requests: [] } } });
    renderApp('/admin/diretta');
    expect(await screen.findByRole('heading', { name: IT_LOBBY.staff.queueTitle })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: IT_BACKOFFICE.navLabel });
    expect(within(nav).getByRole('link', { name: IT_LOBBY.staff.navLabel })).toHaveAttribute('aria-current', 'page');
    expect(opened.map((socket) => socket.url)).toEqual(['ws://localhost/api/realtime/lobby']);
    expect(await screen.findByTestId('queue-empty')).toBeInTheDocument();
  });

  it('is reached from the navigation, which shows how many visitors wait', async () => {
    mockFetch({
      'GET /api/me': { status: 200, body: TEST_USER },
      'GET /api/bo/join-requests': { status: 200, body: { requests: [staffRequest(), staffRequest()] } },
    });
    renderApp('/admin');
    const nav = await screen.findByRole('navigation', { name: IT_BACKOFFICE.navLabel });
    const link = await within(nav).findByRole('link', { name: `${IT_LOBBY.staff.navLabel} ${IT_LOBBY.staff.waitingCount(2)}` });
    expect(within(link).getByTestId('queue-count')).toHaveTextContent('2');
    // The badge, the dashboard's figures and its appointment cards share the tab's one lobby socket…
    expect(opened).toHaveLength(1);

    await userEvent.click(link);
    expect(window.location.pathname).toBe('/admin/diretta');
    expect(await screen.findAllByTestId('queue-item')).toHaveLength(2);
    // …and the queue takes it over: no second socket, the first one still open.
    expect(opened).toHaveLength(1);
    expect(opened[0]!.closedWith).toBeNull();
  });

  it('is for signed-in staff only', async () => {
    mockFetch({ 'GET /api/me': UNAUTHORIZED });
    renderApp('/admin/diretta');
    expect(await screen.findByRole('heading', { name: IT_BACKOFFICE.loginTitle })).toBeInTheDocument();
    expect(opened).toEqual([]);
  });

  it('goes to the sign-in when the session ends while the queue is open (socket dismissed, list refused)', async () => {
    let signedIn = true;
    mockFetch({
      'GET /api/me': () => (signedIn ? { status: 200, body: TEST_USER } : UNAUTHORIZED),
      'GET /api/bo/join-requests': () => (signedIn ? { status: 200, body: { requests: [] } } : UNAUTHORIZED),
    });
    renderApp('/admin/diretta');
    expect(await screen.findByRole('heading', { name: IT_LOBBY.staff.queueTitle })).toBeInTheDocument();
    signedIn = false;
    act(() => opened[0]?.drop(4001));
    expect(await screen.findByRole('heading', { name: IT_BACKOFFICE.loginTitle }, { timeout: 5000 })).toBeInTheDocument();
  });
});
