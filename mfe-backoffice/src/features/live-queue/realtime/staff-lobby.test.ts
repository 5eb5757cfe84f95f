import { LOBBY, LOBBY_RECONNECT_BACKOFF } from '@incontra/contracts/realtime/lobby';
import { reconnectDelay } from '@incontra/mfe-kit/realtime/socket-link';
import { LobbyClient } from './lobby-client';
import { StaffLobby } from './staff-lobby';
import { fakeSockets, staffRequest } from './testing/fake-lobby-socket';

const SELF_ID = '7d3c1b2a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

function setup() {
  const fake = fakeSockets();
  const lobby = new StaffLobby({ origin: 'http://demo.test', createSocket: fake.createSocket });
  const names = () => lobby.getState().waiting?.map((request) => request.name) ?? null;
  return { ...fake, lobby, names };
}

describe('StaffLobby, the tab’s one line to the staff lobby', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('opens one socket for the queue, the agenda and the badge, and closes it with the last of them', () => {
    const { lobby, sockets, welcome } = setup();
    expect(lobby.getState().status).toBe('closed');
    const leaveBadge = lobby.join();
    const leaveAgenda = lobby.join({ onMessage: () => undefined });
    const queue = new LobbyClient({ lobby, selfId: SELF_ID });
    queue.start();
    expect(sockets).toHaveLength(1);
    expect(lobby.getState().status).toBe('connecting');
    welcome();
    expect(sockets[0]?.sent).toEqual([{ type: 'hello', role: 'staff' }]);

    queue.stop();
    leaveAgenda();
    expect(sockets[0]?.closedWith).toBeNull();
    leaveBadge();
    expect(sockets[0]?.closedWith).toBe(1000);
    expect(lobby.getState()).toEqual({ status: 'closed', waiting: null });
  });

  it('keeps who waits while up, from the queue and each change, and forgets it once the socket is lost', () => {
    const { lobby, last, welcome, names } = setup();
    const changes = jest.fn();
    lobby.subscribe(changes);
    lobby.join();
    // A change before the welcome has no list to go to.
    last().accept();
    last().deliver({ type: 'request', request: staffRequest({ name: 'Prima' }) });
    expect(names()).toBeNull();

    const anna = staffRequest({ name: 'Anna' });
    welcome([anna, staffRequest({ name: 'Già servita', status: 'approved' })]);
    expect(lobby.getState().status).toBe('up');
    expect(names()).toEqual(['Anna']);
    last().deliver({ type: 'request', request: staffRequest({ name: 'Bruno' }) });
    last().deliver({ type: 'request', request: { ...anna, status: 'busy' } });
    expect(names()).toEqual(['Anna', 'Bruno']);
    expect(lobby.getState().waiting?.[0]?.status).toBe('busy');
    last().deliver({ type: 'request', request: { ...anna, status: 'cancelled' } });
    expect(names()).toEqual(['Bruno']);
    // Not waiting, and not in the list: nothing changes, nobody is told.
    const told = changes.mock.calls.length;
    last().deliver({ type: 'request', request: staffRequest({ status: 'expired' }) });
    expect(changes).toHaveBeenCalledTimes(told);

    last().drop();
    expect(lobby.getState()).toEqual({ status: 'down', waiting: null });
  });

  it('gives the live queue joining a line already up its list at once, as its first (no alert)', () => {
    const { lobby, last, welcome } = setup();
    lobby.join();
    const waiting = staffRequest({ name: 'Anna' });
    welcome([waiting]);

    const queue = new LobbyClient({ lobby, selfId: SELF_ID });
    const arrivals = jest.fn();
    queue.onArrivals(arrivals);
    queue.start();
    expect(queue.getSnapshot()).toMatchObject({ connection: 'open', loaded: true });
    expect(queue.getSnapshot().entries.map((entry) => entry.request.id)).toEqual([waiting.id]);
    last().deliver({ type: 'request', request: staffRequest({ name: 'Bruno' }) });
    expect(arrivals).toHaveBeenCalledTimes(1);
    expect(queue.getSnapshot().entries).toHaveLength(2);
  });

  it('tries no more once the server ended the session (bye unauthorized), for every user, until all left', () => {
    const { lobby, sockets, last, welcome } = setup();
    const leave = lobby.join();
    const queue = new LobbyClient({ lobby, selfId: SELF_ID });
    queue.start();
    welcome();
    last().deliver({ type: 'bye', reason: 'unauthorized' });
    expect(last().closedWith).toBe(1000);
    expect(lobby.getState().status).toBe('refused');
    expect(queue.getSnapshot().connection).toBe('offline');
    jest.advanceTimersByTime(LOBBY.reconnectMaxMs * 4);
    expect(sockets).toHaveLength(1);

    queue.stop();
    leave();
    // Signed in again, later, in the same tab: a new line.
    lobby.join();
    expect(sockets).toHaveLength(2);
  });

  it('drops a socket told bye for any other reason, and opens the next', () => {
    const { lobby, sockets, last, welcome } = setup();
    lobby.join();
    welcome();
    last().deliver({ type: 'bye', reason: 'closed' });
    expect(lobby.getState().status).toBe('down');
    jest.advanceTimersByTime(reconnectDelay(0, LOBBY_RECONNECT_BACKOFF));
    expect(sockets).toHaveLength(2);
  });
});
