import type { ClientLobbyMessage, ServerLobbyMessage } from '@incontra/contracts/realtime/lobby';
import { flush, LINK_BACKOFF as BACKOFF, LINK_FINAL_CODE as FINAL, lobbyLinkBase } from '../testing/lobby-link';
import { SharedSocketLink, type LinkUser } from './shared-socket-link';
import { reconnectDelay, type LinkStatus } from './socket-link';

const POLL_MS = 700;

function setup() {
  const { sockets, options } = lobbyLinkBase();
  const owner: Array<LinkStatus> = [];
  const shared = new SharedSocketLink<ServerLobbyMessage, ClientLobbyMessage>({
    ...options,
    welcome: { is: (message) => message.type === 'queue' },
    onStatus: (status) => owner.push(status),
  });
  return { shared, sockets, owner };
}

/** A user that records what it hears, with a fallback poll counted in `polls`. */
function recorder(withFallback = false) {
  const messages: string[] = [];
  const statuses: Array<[LinkStatus, number | null]> = [];
  const poll = jest.fn(async () => undefined);
  const user: LinkUser<ServerLobbyMessage> = {
    onMessage: (message) => messages.push(message.type),
    onStatus: (status, code) => statuses.push([status, code]),
    fallback: withFallback ? { intervalMs: POLL_MS, poll } : undefined,
  };
  return { user, messages, statuses, poll };
}

describe('SharedSocketLink', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('opens one socket for two users and hands both every message', () => {
    const { shared, sockets } = setup();
    const first = recorder();
    const second = recorder();
    shared.join(first.user);
    shared.join(second.user);
    expect(sockets.all).toHaveLength(1);
    expect(shared.status).toBe('connecting');

    sockets.last.accept();
    sockets.last.deliver({ type: 'queue', requests: [] });
    sockets.last.deliver({ type: 'agenda', storeId: '11111111-1111-4111-8111-111111111111' });
    expect(sockets.last.sent).toEqual([{ type: 'hello', role: 'staff' }]);
    expect(first.messages).toEqual(['queue', 'agenda']);
    expect(second.messages).toEqual(['queue', 'agenda']);
    expect(shared.send({ type: 'ping' })).toBe(true);
  });

  it('closes the socket when the last user leaves, not before, and opens a new one for the next user', () => {
    const { shared, sockets, owner } = setup();
    const leaveFirst = shared.join({});
    const leaveSecond = shared.join({});
    sockets.last.accept();
    sockets.last.deliver({ type: 'queue', requests: [] });

    leaveFirst();
    leaveFirst();
    expect(sockets.last.closedWith).toBeNull();
    leaveSecond();
    expect(sockets.last.closedWith).toBe(1000);
    expect(shared.status).toBe('closed');
    jest.advanceTimersByTime(60_000);
    expect(sockets.all).toHaveLength(1);

    shared.join({});
    expect(sockets.all).toHaveLength(2);
    expect(owner).toEqual(['connecting', 'up', 'closed', 'connecting']);
  });

  it('tells every user each change of status, and a late user the status the link already has', () => {
    const { shared, sockets } = setup();
    const first = recorder();
    const second = recorder();
    shared.join(first.user);
    shared.join(second.user);
    sockets.last.accept();
    sockets.last.deliver({ type: 'queue', requests: [] });
    sockets.last.drop(1006);

    const late = recorder();
    shared.join(late.user);
    expect(late.statuses).toEqual([['down', 1006]]);

    jest.advanceTimersByTime(reconnectDelay(0, BACKOFF));
    sockets.last.accept();
    sockets.last.deliver({ type: 'queue', requests: [] });
    const changes = [
      ['up', null],
      ['down', 1006],
      ['up', null],
    ];
    expect(first.statuses).toEqual(changes);
    expect(second.statuses).toEqual(changes);
    expect(late.statuses).toEqual([
      ['down', 1006],
      ['up', null],
    ]);
    // Up already: told at once, no message replayed.
    const latest = recorder();
    shared.join(latest.user);
    expect(latest.statuses).toEqual([['up', null]]);
    expect(latest.messages).toEqual([]);
  });

  it('polls no fallback while the link is up or on its way, each user’s own while it is down, none after the user left', async () => {
    const { shared, sockets } = setup();
    const agenda = recorder(true);
    const badge = recorder(true);
    const leaveAgenda = shared.join(agenda.user);
    shared.join(badge.user);
    jest.advanceTimersByTime(2000);
    sockets.last.accept();
    sockets.last.deliver({ type: 'queue', requests: [] });
    jest.advanceTimersByTime(POLL_MS * 10);
    expect(agenda.poll).not.toHaveBeenCalled();
    expect(badge.poll).not.toHaveBeenCalled();

    sockets.last.drop(1006);
    expect(agenda.poll).toHaveBeenCalledTimes(1);
    expect(badge.poll).toHaveBeenCalledTimes(1);
    await flush();
    jest.advanceTimersByTime(POLL_MS);
    expect(agenda.poll).toHaveBeenCalledTimes(2);
    expect(badge.poll).toHaveBeenCalledTimes(2);
    await flush();

    // The next socket is on its way meanwhile: the one left polls on.
    expect(sockets.all).toHaveLength(2);
    leaveAgenda();
    jest.advanceTimersByTime(POLL_MS);
    expect(agenda.poll).toHaveBeenCalledTimes(2);
    expect(badge.poll).toHaveBeenCalledTimes(3);
    await flush();

    sockets.last.accept();
    sockets.last.deliver({ type: 'queue', requests: [] });
    jest.advanceTimersByTime(POLL_MS * 10);
    expect(badge.poll).toHaveBeenCalledTimes(3);
  });

  it('starts the fallback of a user joining a link that is down', () => {
    const { shared, sockets } = setup();
    shared.join({});
    sockets.last.drop(1006);
    const late = recorder(true);
    shared.join(late.user);
    expect(late.poll).toHaveBeenCalledTimes(1);
  });

  it('stops for good at a final close code or when refused, polling on until the last user leaves', async () => {
    const { shared, sockets } = setup();
    const user = recorder(true);
    const leave = shared.join(user.user);
    sockets.last.accept();
    sockets.last.deliver({ type: 'queue', requests: [] });
    shared.refuse();
    expect(sockets.last.closedWith).toBe(1000);
    expect(user.statuses).toEqual([
      ['up', null],
      ['refused', null],
    ]);
    expect(user.poll).toHaveBeenCalledTimes(1);
    await flush();
    jest.advanceTimersByTime(60_000);
    expect(sockets.all).toHaveLength(1);
    expect(user.poll).toHaveBeenCalledTimes(2);

    leave();
    await flush();
    jest.advanceTimersByTime(60_000);
    expect(user.poll).toHaveBeenCalledTimes(2);

    const next = recorder();
    shared.join(next.user);
    expect(sockets.all).toHaveLength(2);
    sockets.last.accept();
    sockets.last.drop(FINAL);
    jest.advanceTimersByTime(60_000);
    expect(sockets.all).toHaveLength(2);
    expect(next.statuses).toEqual([['refused', FINAL]]);
  });

  it('lets the owner read each message first; a user may leave on hearing one, the others still hear it', () => {
    const { sockets, options } = lobbyLinkBase();
    const heard: string[] = [];
    const shared = new SharedSocketLink<ServerLobbyMessage, ClientLobbyMessage>({
      ...options,
      onMessage: (message) => heard.push(`owner ${message.type}`),
    });
    const leave = shared.join({
      onMessage: (message) => {
        heard.push(`first ${message.type}`);
        leave();
      },
    });
    shared.join({ onMessage: (message) => heard.push(`second ${message.type}`) });
    sockets.last.accept();
    sockets.last.deliver({ type: 'pong' });
    sockets.last.deliver({ type: 'pong' });
    expect(heard).toEqual(['owner pong', 'first pong', 'second pong', 'owner pong', 'second pong']);
  });
});
