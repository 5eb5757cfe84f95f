import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { StaffJoinRequest } from '@incontra/contracts/api/join-requests';
import { LOBBY, LOBBY_RECONNECT_BACKOFF } from '@incontra/contracts/realtime/lobby';
import { reconnectDelay } from '@incontra/mfe-kit/realtime/socket-link';
import { RemoteProviders } from '@incontra/mfe-kit/remote-providers';
import { buildMfeProps } from '@incontra/mfe-kit/testing/build-mfe-props';
import { mockFetch } from '@incontra/mfe-kit/testing/mock-fetch';
import { StaffLobby } from '../realtime/staff-lobby';
import { fakeSockets, staffRequest } from '../realtime/testing/fake-lobby-socket';
import { StaffLobbyContext } from './use-staff-lobby';
import { useWaitingCount, WAITING_COUNT_REFRESH_MS } from './use-waiting-count';

/** The badge's count on a page of the back office, on a lobby line of fake sockets; `listed` is what GET answers. */
function renderCount(polling = true) {
  const sockets = fakeSockets();
  const lobby = new StaffLobby({ createSocket: sockets.createSocket });
  const api = { listed: [staffRequest()] as StaffJoinRequest[] };
  const fetchMock = mockFetch({ 'GET /api/bo/join-requests': () => ({ status: 200, body: { requests: api.listed } }) });
  const props = buildMfeProps({ adminContext: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <RemoteProviders props={props}>
      <StaffLobbyContext.Provider value={lobby}>{children}</StaffLobbyContext.Provider>
    </RemoteProviders>
  );
  const view = renderHook(() => useWaitingCount(polling), { wrapper });
  const asked = () => fetchMock.mock.calls.filter(([url]) => url === '/api/bo/join-requests').length;
  const server = {
    welcome: (requests: StaffJoinRequest[] = []) => act(() => sockets.welcome(requests)),
    request: (request: StaffJoinRequest) => act(() => sockets.last().deliver({ type: 'request', request })),
    drop: () => act(() => sockets.last().drop()),
  };
  /** Runs the clock on by `ms`, letting each answer land. */
  const wait = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));
  /** Runs the clock on by `ms` with the server answering every ping, as it does: the socket stays up. */
  const stayUp = async (ms: number) => {
    for (let beat = 0; beat < ms / LOBBY.heartbeatIntervalMs; beat += 1) {
      await wait(LOBBY.heartbeatIntervalMs);
      act(() => sockets.last().deliver({ type: 'pong' }));
    }
  };
  return { ...view, api, asked, server, sockets, wait, stayUp };
}

describe('the waiting count of the navigation badge', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('follows the lobby line while it is up, at each change, and asks the API nothing meanwhile', async () => {
    const { result, asked, server, wait, stayUp } = renderCount();
    // Until the socket is welcomed, the list is read once over HTTP.
    await wait(0);
    expect(result.current).toBe(1);
    const before = asked();

    server.welcome([staffRequest(), staffRequest()]);
    expect(result.current).toBe(2);
    const anna = staffRequest({ name: 'Anna' });
    server.request(anna);
    expect(result.current).toBe(3);
    server.request({ ...anna, status: 'approved' });
    expect(result.current).toBe(2);
    await stayUp(WAITING_COUNT_REFRESH_MS * 10);
    expect(asked()).toBe(before);
  });

  it('asks the API at once when the socket is lost, every interval while it is down, and no more once it is back', async () => {
    const { result, api, asked, server, sockets, wait, stayUp } = renderCount();
    server.welcome([]);
    await wait(0);
    const before = asked();

    api.listed = [staffRequest(), staffRequest(), staffRequest()];
    server.drop();
    await wait(0);
    expect(asked()).toBe(before + 1);
    expect(result.current).toBe(3);
    // The line retries its socket meanwhile; none is accepted yet.
    await wait(WAITING_COUNT_REFRESH_MS);
    expect(asked()).toBe(before + 2);

    const opened = sockets.sockets.length;
    await wait(reconnectDelay(10, LOBBY_RECONNECT_BACKOFF));
    expect(sockets.sockets.length).toBeGreaterThan(opened);
    server.welcome([staffRequest()]);
    expect(result.current).toBe(1);
    const back = asked();
    await stayUp(WAITING_COUNT_REFRESH_MS * 5);
    expect(asked()).toBe(back);
  });

  it('on the live queue page reads what that page keeps in the cache, asking nothing itself', async () => {
    const { result, asked, server, wait } = renderCount(false);
    server.welcome([staffRequest()]);
    expect(result.current).toBe(1);
    server.drop();
    await wait(WAITING_COUNT_REFRESH_MS * 3);
    expect(asked()).toBe(0);
    expect(result.current).toBeNull();
  });
});
