import type { VisitorJoinRequest } from '@incontra/contracts/api/join-requests';
import { ApiRequestError } from '@incontra/contracts/http';
import { LOBBY, LOBBY_CLOSE, LOBBY_RECONNECT_BACKOFF } from '@incontra/contracts/realtime/lobby';
import { reconnectDelay } from '@incontra/mfe-kit/realtime/socket-link';
import { REQUEST_ID, VISITOR_TOKEN, visitorRequest } from '../testing/join-request-fixtures';
import { FakeLobbySockets } from './testing/fake-lobby-socket';
import { VisitorLobbyClient, type LobbyLinkMode } from './visitor-lobby-client';

const lobbyReconnectDelay = (attempt: number) => reconnectDelay(attempt, LOBBY_RECONNECT_BACKOFF);

function setup(poll: () => Promise<VisitorJoinRequest> = async () => visitorRequest()) {
  const sockets = new FakeLobbySockets();
  const onGone = jest.fn();
  const statuses: string[] = [];
  const modes: LobbyLinkMode[] = [];
  const pollMock = jest.fn(poll);
  const client = new VisitorLobbyClient({
    origin: 'http://demo.test',
    requestId: REQUEST_ID,
    token: VISITOR_TOKEN,
    poll: pollMock,
    onStatus: (request) => statuses.push(request.status),
    onMode: (mode) => modes.push(mode),
    createSocket: sockets.create,
    onGone,
  });
  return { client, sockets, statuses, modes, poll: pollMock, onGone };
}

/** Lets the poll's promise settle (fake timers do not run microtasks by themselves). */
async function flush() {
  await Promise.resolve();
  await Promise.resolve();
}

describe('the lobby backoff', () => {
  it('waits 500 ms, growing by 1.5, at most 5 s', () => {
    expect([0, 1, 2].map(lobbyReconnectDelay)).toEqual([500, 750, 1125]);
    expect(lobbyReconnectDelay(30)).toBe(5000);
  });
});

describe('VisitorLobbyClient', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('says hello as a visitor, reports pushed statuses and pings every heartbeat', () => {
    const { client, sockets, statuses, modes, poll } = setup();
    client.start();
    expect(sockets.last.url).toBe('ws://demo.test/api/realtime/lobby');
    sockets.last.accept();
    expect(sockets.last.sent).toEqual([{ type: 'hello', role: 'visitor', requestId: REQUEST_ID, token: VISITOR_TOKEN }]);
    expect(modes).toEqual(['live']);

    sockets.last.deliver({ type: 'status', request: visitorRequest() });
    sockets.last.deliver({ type: 'status', request: visitorRequest({ status: 'busy', message: 'Un attimo' }) });
    sockets.last.deliverRaw('{not json');
    sockets.last.deliver({ type: 'pong' });
    expect(statuses).toEqual(['pending', 'busy']);

    jest.advanceTimersByTime(LOBBY.heartbeatIntervalMs);
    expect(sockets.last.sent.at(-1)).toEqual({ type: 'ping' });
    expect(poll).not.toHaveBeenCalled();
  });

  it('ignores a status about another request', () => {
    const { client, sockets, statuses } = setup();
    client.start();
    sockets.last.accept();
    sockets.last.deliver({ type: 'status', request: visitorRequest({ id: '00000000-0000-4000-8000-000000000000', status: 'rejected' }) });
    expect(statuses).toEqual([]);
  });

  it('polls when the socket cannot open, retries the socket with backoff, and stops polling once it is back', async () => {
    const { client, sockets, statuses, modes, poll } = setup(async () => visitorRequest({ status: 'verified' }));
    client.start();
    sockets.last.drop(1006);
    expect(modes).toEqual(['polling']);
    expect(poll).toHaveBeenCalledTimes(1);
    await flush();
    expect(statuses).toEqual(['verified']);

    // First retry after 500 ms: it fails too; the next one waits 750 ms.
    jest.advanceTimersByTime(lobbyReconnectDelay(0));
    expect(sockets.all).toHaveLength(2);
    sockets.last.drop(1006);
    jest.advanceTimersByTime(lobbyReconnectDelay(1) - 1);
    expect(sockets.all).toHaveLength(2);
    jest.advanceTimersByTime(1);
    expect(sockets.all).toHaveLength(3);

    // Meanwhile the poll goes on every LOBBY.pollIntervalMs.
    jest.advanceTimersByTime(LOBBY.pollIntervalMs - lobbyReconnectDelay(0) - lobbyReconnectDelay(1));
    expect(poll).toHaveBeenCalledTimes(2);

    sockets.last.accept();
    expect(modes).toEqual(['polling', 'live']);
    await flush();
    jest.advanceTimersByTime(LOBBY.pollIntervalMs * 5);
    expect(poll).toHaveBeenCalledTimes(2);
  });

  it('falls back to polling when an open socket drops, and reconnects', async () => {
    const { client, sockets, modes, poll } = setup();
    client.start();
    sockets.last.accept();
    sockets.last.drop(1006);
    expect(modes).toEqual(['live', 'polling']);
    expect(poll).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(lobbyReconnectDelay(0));
    expect(sockets.all).toHaveLength(2);
  });

  it('gives up on a handshake that hangs and on a socket that falls silent', () => {
    const { client, sockets, modes } = setup();
    client.start();
    jest.advanceTimersByTime(LOBBY.helloTimeoutMs);
    expect(sockets.all[0]!.closedWith).not.toBeNull();
    expect(modes).toEqual(['polling']);

    jest.advanceTimersByTime(lobbyReconnectDelay(0));
    sockets.last.accept();
    expect(modes).toEqual(['polling', 'live']);
    // No pong, nothing at all: after three heartbeats of silence the socket is given up.
    jest.advanceTimersByTime(LOBBY.heartbeatIntervalMs * 4);
    expect(sockets.all[1]!.closedWith).not.toBeNull();
    expect(modes).toEqual(['polling', 'live', 'polling']);
  });

  it('stops everything after a final status and does not reconnect after bye closed', () => {
    const { client, sockets, statuses, poll } = setup();
    client.start();
    sockets.last.accept();
    sockets.last.deliver({ type: 'status', request: visitorRequest({ status: 'rejected', message: 'No' }) });
    sockets.last.deliver({ type: 'bye', reason: 'closed' });
    sockets.last.drop(LOBBY_CLOSE.closed);
    jest.advanceTimersByTime(60_000);
    expect(statuses).toEqual(['rejected']);
    expect(sockets.all).toHaveLength(1);
    expect(poll).not.toHaveBeenCalled();
  });

  it('stops polling when the poll answers a final status', async () => {
    const { client, sockets, statuses, poll } = setup(async () => visitorRequest({ status: 'expired' }));
    client.start();
    sockets.last.drop(1006);
    await flush();
    expect(statuses).toEqual(['expired']);
    jest.advanceTimersByTime(60_000);
    expect(poll).toHaveBeenCalledTimes(1);
    expect(sockets.all).toHaveLength(1);
  });

  it('keeps polling after a failed poll', async () => {
    const { client, sockets, poll } = setup(async () => {
      throw new Error('offline');
    });
    client.start();
    sockets.last.drop(1006);
    await flush();
    jest.advanceTimersByTime(LOBBY.pollIntervalMs);
    expect(poll).toHaveBeenCalledTimes(2);
  });

  it('does not retry a refused hello, and tells the page when the status call no longer knows the request', async () => {
    const { client, sockets, poll, onGone } = setup(async () => {
      throw new ApiRequestError(404, { statusCode: 404, error: 'Not Found', message: 'Richiesta non trovata.' });
    });
    client.start();
    sockets.last.accept();
    sockets.last.drop(LOBBY_CLOSE.unauthorized);
    await flush();
    expect(onGone).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(60_000);
    expect(sockets.all).toHaveLength(1);
    expect(poll).toHaveBeenCalledTimes(1);
  });

  it('does not retry a socket refused as one too many, and keeps the status coming by polling', async () => {
    const { client, sockets, poll, statuses, onGone } = setup(async () => visitorRequest({ status: 'busy' }));
    client.start();
    sockets.last.accept();
    sockets.last.drop(LOBBY_CLOSE.tooManyConnections);
    await flush();
    expect(client.currentMode).toBe('polling');
    for (let round = 0; round < 3; round += 1) {
      jest.advanceTimersByTime(LOBBY.pollIntervalMs);
      await flush();
    }
    expect(sockets.all).toHaveLength(1);
    expect(poll).toHaveBeenCalledTimes(4);
    expect(statuses).toEqual(['busy', 'busy', 'busy', 'busy']);
    expect(onGone).not.toHaveBeenCalled();
  });

  it('keeps the request when a refused hello is followed by a good status answer', async () => {
    const { client, sockets, statuses, onGone } = setup(async () => visitorRequest({ status: 'verified' }));
    client.start();
    sockets.last.accept();
    sockets.last.drop(LOBBY_CLOSE.unauthorized);
    await flush();
    expect(statuses).toEqual(['verified']);
    expect(onGone).not.toHaveBeenCalled();
  });

  it('drops a poll answer that arrives after the socket came back', async () => {
    let answer: (request: VisitorJoinRequest) => void = () => undefined;
    const { client, sockets, statuses } = setup(() => new Promise((resolve) => (answer = resolve)));
    client.start();
    sockets.last.drop(1006);
    jest.advanceTimersByTime(lobbyReconnectDelay(0));
    sockets.last.accept();
    sockets.last.deliver({ type: 'status', request: visitorRequest({ status: 'approved' }) });
    answer(visitorRequest({ status: 'pending' }));
    await flush();
    expect(statuses).toEqual(['approved']);
  });

  it('closes the socket and every timer on stop', () => {
    const { client, sockets, poll } = setup();
    client.start();
    sockets.last.accept();
    client.stop();
    expect(sockets.last.closedWith).toBe(1000);
    jest.advanceTimersByTime(60_000);
    expect(sockets.all).toHaveLength(1);
    expect(sockets.last.sent).toHaveLength(1);
    expect(poll).not.toHaveBeenCalled();
  });
});
