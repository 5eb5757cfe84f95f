import type { StaffJoinRequest } from '@incontra/contracts/api/join-requests';
import { LOBBY, LOBBY_CLOSE, LOBBY_RECONNECT_BACKOFF } from '@incontra/contracts/realtime/lobby';
import { GIVEN_UP_CLOSE_CODE, reconnectDelay as delayOf } from '@incontra/mfe-kit/realtime/socket-link';
import {
  STAFF_LOBBY_SILENCE_LIMIT_MS as SILENCE_LIMIT_MS,
  STAFF_LOBBY_WELCOME_TIMEOUT_MS as WELCOME_TIMEOUT_MS,
} from '@incontra/mfe-kit/realtime/staff-lobby-link';
import { LobbyClient, TAKEN_MARKER_MS } from './lobby-client';
import { StaffLobby } from './staff-lobby';
import { fakeSockets, staffRequest } from './testing/fake-lobby-socket';

const SELF = { id: '7d3c1b2a-4e5f-4a6b-8c7d-9e0f1a2b3c4d', name: 'Mario Rossi' };
const OTHER = { id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b', name: 'Giulia Bianchi' };
const reconnectDelay = (attempt: number) => delayOf(attempt, LOBBY_RECONNECT_BACKOFF);

function setup() {
  const fake = fakeSockets();
  const lobby = new StaffLobby({ origin: 'http://demo.test', createSocket: fake.createSocket });
  const client = new LobbyClient({ lobby, selfId: SELF.id });
  const arrivals: string[][] = [];
  client.onArrivals((requests) => arrivals.push(requests.map((request) => request.name)));
  const ids = () => client.getSnapshot().entries.map((entry) => entry.request.id);
  return { ...fake, client, arrivals, ids };
}

describe('the lobby backoff', () => {
  it('starts at the base, grows by 1.5 and stops at the maximum', () => {
    expect([0, 1, 2, 3].map(reconnectDelay)).toEqual([500, 750, 1125, 1688]);
    expect(reconnectDelay(30)).toBe(LOBBY.reconnectMaxMs);
  });
});

describe('LobbyClient', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('says hello as staff and takes the queue as the list, then reports open', () => {
    const { client, last, welcome, ids } = setup();
    client.start();
    expect(client.getSnapshot()).toMatchObject({ connection: 'connecting', loaded: false });
    expect(last().url).toBe('ws://demo.test/api/realtime/lobby');
    const first = staffRequest();
    const second = staffRequest({ status: 'verified' });
    welcome([first, second]);
    expect(last().sent[0]).toEqual({ type: 'hello', role: 'staff' });
    expect(client.getSnapshot()).toMatchObject({ connection: 'open', loaded: true });
    expect(ids()).toEqual([first.id, second.id]);
  });

  it('upserts changed requests in place, appends new ones and announces only those', () => {
    const { client, last, welcome, ids, arrivals } = setup();
    client.start();
    const first = staffRequest();
    welcome([first]);
    expect(arrivals).toEqual([]);

    const busy = { ...first, status: 'busy' as const, message: 'Un attimo' };
    last().deliver({ type: 'request', request: busy });
    const newcomer = staffRequest({ name: 'Anna' });
    last().deliver({ type: 'request', request: newcomer });

    expect(ids()).toEqual([first.id, newcomer.id]);
    expect(client.getSnapshot().entries[0]?.request).toEqual(busy);
    expect(arrivals).toEqual([['Anna']]);
  });

  it('removes requests that leave the queue, and ignores unknown ones that are not waiting', () => {
    const { client, last, welcome, ids } = setup();
    client.start();
    const first = staffRequest();
    const second = staffRequest();
    welcome([first, second]);
    last().deliver({ type: 'request', request: { ...first, status: 'cancelled' } });
    last().deliver({ type: 'request', request: staffRequest({ status: 'expired' }) });
    expect(ids()).toEqual([second.id]);
    // Approved by me: it goes at once (I am on my way to the room).
    last().deliver({ type: 'request', request: { ...second, status: 'approved', handledBy: SELF } });
    expect(ids()).toEqual([]);
  });

  it('shows who took a request for a few seconds, then drops it', () => {
    const { client, last, welcome, ids } = setup();
    client.start();
    const first = staffRequest();
    welcome([first]);
    last().deliver({ type: 'request', request: { ...first, status: 'approved', handledBy: OTHER } });
    expect(client.getSnapshot().entries).toEqual([{ request: expect.objectContaining({ id: first.id, status: 'approved' }), taken: { by: OTHER.name } }]);

    // A reconnection's queue does not list it: the marker stays for its time anyway.
    last().drop();
    jest.advanceTimersByTime(reconnectDelay(0));
    welcome([]);
    expect(ids()).toEqual([first.id]);

    jest.advanceTimersByTime(TAKEN_MARKER_MS);
    expect(ids()).toEqual([]);
  });

  it('pings at the heartbeat interval while open', () => {
    const { client, last, welcome } = setup();
    client.start();
    welcome();
    jest.advanceTimersByTime(LOBBY.heartbeatIntervalMs);
    last().deliver({ type: 'pong' });
    jest.advanceTimersByTime(LOBBY.heartbeatIntervalMs);
    expect(last().sent).toEqual([{ type: 'hello', role: 'staff' }, { type: 'ping' }, { type: 'ping' }]);
  });

  it('drops a silent socket and opens another', () => {
    const { client, sockets, welcome } = setup();
    client.start();
    welcome();
    jest.advanceTimersByTime(SILENCE_LIMIT_MS + LOBBY.heartbeatIntervalMs);
    expect(sockets[0]?.closedWith).toBe(GIVEN_UP_CLOSE_CODE);
    expect(client.getSnapshot().connection).toBe('offline');
    jest.advanceTimersByTime(reconnectDelay(0));
    expect(sockets).toHaveLength(2);
  });

  it('reconnects with growing delays, resets them once welcomed, and goes offline meanwhile', () => {
    const { client, sockets, last, welcome } = setup();
    client.start();
    last().drop();
    expect(client.getSnapshot().connection).toBe('offline');

    const opened = () => sockets.length;
    jest.advanceTimersByTime(reconnectDelay(0) - 1);
    expect(opened()).toBe(1);
    jest.advanceTimersByTime(1);
    expect(opened()).toBe(2);
    last().drop();
    jest.advanceTimersByTime(reconnectDelay(1) - 1);
    expect(opened()).toBe(2);
    jest.advanceTimersByTime(1);
    expect(opened()).toBe(3);

    welcome();
    expect(client.getSnapshot().connection).toBe('open');
    last().drop();
    jest.advanceTimersByTime(reconnectDelay(0));
    expect(opened()).toBe(4);
  });

  it('caps the delay at the maximum', () => {
    const { client, sockets, last } = setup();
    client.start();
    for (let attempt = 0; attempt < 12; attempt += 1) {
      last().drop();
      jest.advanceTimersByTime(reconnectDelay(attempt));
    }
    expect(sockets).toHaveLength(13);
    last().drop();
    jest.advanceTimersByTime(LOBBY.reconnectMaxMs - 1);
    expect(sockets).toHaveLength(13);
    jest.advanceTimersByTime(1);
    expect(sockets).toHaveLength(14);
  });

  it('gives up on a socket that is not welcomed in time', () => {
    const { client, sockets, last } = setup();
    client.start();
    last().accept();
    jest.advanceTimersByTime(WELCOME_TIMEOUT_MS);
    expect(sockets[0]?.closedWith).toBe(GIVEN_UP_CLOSE_CODE);
    expect(client.getSnapshot().connection).toBe('offline');
  });

  it('takes the fallback list while offline, announces what it adds, and lets the next queue win', () => {
    const { client, last, welcome, ids, arrivals } = setup();
    client.start();
    const first = staffRequest();
    welcome([first]);
    last().drop();

    const arrived = staffRequest({ name: 'Luca' });
    client.applyFallback([first, arrived]);
    expect(ids()).toEqual([first.id, arrived.id]);
    expect(arrivals).toEqual([['Luca']]);

    jest.advanceTimersByTime(reconnectDelay(0));
    const later = staffRequest({ name: 'Sara' });
    welcome([arrived, later]);
    expect(ids()).toEqual([arrived.id, later.id]);
    expect(arrivals).toEqual([['Luca'], ['Sara']]);

    // While open, a late fallback answer is stale: ignored.
    client.applyFallback([]);
    expect(ids()).toEqual([arrived.id, later.id]);
  });

  it('treats the first list, from the fallback or the socket, as the initial queue (no alert)', () => {
    const { client, welcome, arrivals } = setup();
    client.start();
    const waiting: StaffJoinRequest = staffRequest();
    client.applyFallback([waiting]);
    welcome([waiting, staffRequest({ name: 'Nuovo' })]);
    expect(arrivals).toEqual([['Nuovo']]);
  });

  it('stops retrying when the session is refused', () => {
    const { client, sockets, last } = setup();
    client.start();
    last().accept();
    last().drop(LOBBY_CLOSE.unauthorized);
    jest.advanceTimersByTime(LOBBY.reconnectMaxMs * 4);
    expect(sockets).toHaveLength(1);
    expect(client.getSnapshot().connection).toBe('offline');
  });

  it('stops retrying when the server refuses one socket too many, and says why', () => {
    const { client, sockets, last } = setup();
    client.start();
    last().accept();
    last().drop(LOBBY_CLOSE.tooManyConnections);
    jest.advanceTimersByTime(LOBBY.reconnectMaxMs * 4);
    expect(sockets).toHaveLength(1);
    expect(client.getSnapshot().connection).toBe('too-many');
  });

  it('closes its socket and schedules nothing after stop', () => {
    const { client, sockets, welcome } = setup();
    client.start();
    welcome();
    client.stop();
    expect(sockets[0]?.closedWith).toBe(1000);
    jest.advanceTimersByTime(LOBBY.reconnectMaxMs * 4);
    expect(sockets).toHaveLength(1);
  });

  it('applies action answers and removals from the page', () => {
    const { client, welcome, ids } = setup();
    client.start();
    const first = staffRequest();
    const second = staffRequest();
    welcome([first, second]);
    client.applyRequest({ ...first, status: 'rejected', handledBy: SELF });
    expect(ids()).toEqual([second.id]);
    client.applyRequest({ ...second, status: 'busy', message: 'Un attimo' });
    expect(client.getSnapshot().entries).toEqual([{ request: expect.objectContaining({ status: 'busy', message: 'Un attimo' }), taken: null }]);
    // My own approval's answer is never shown as taken, whatever it says about who handled it.
    client.applyRequest({ ...second, status: 'approved', handledBy: null });
    expect(ids()).toEqual([]);
    const third = staffRequest();
    client.applyFallback([third]);
    expect(ids()).toEqual([]);
  });
});
