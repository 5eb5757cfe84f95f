import type { ClientLobbyMessage, ServerLobbyMessage } from '@incontra/contracts/realtime/lobby';
import { FakeWebSocket, FakeWebSockets } from '../testing/fake-web-socket';
import { flush, LINK_BACKOFF as BACKOFF, LINK_FINAL_CODE as FINAL, LINK_OPEN_TIMEOUT_MS as OPEN_TIMEOUT_MS, lobbyLinkBase } from '../testing/lobby-link';
import { GIVEN_UP_CLOSE_CODE, reconnectDelay, SocketLink, socketUrl, type LinkStatus, type SocketLike, type SocketLinkOptions } from './socket-link';

class FakeSocket extends FakeWebSocket<ClientLobbyMessage, ServerLobbyMessage> {}

const PING_MS = 1000;
const SILENCE_MS = 2500;
const POLL_MS = 700;

type Options = SocketLinkOptions<ServerLobbyMessage, ClientLobbyMessage>;

function setup(overrides: Partial<Options> = {}) {
  const { sockets, options } = lobbyLinkBase();
  const messages: ServerLobbyMessage[] = [];
  const statuses: Array<[LinkStatus, number | null]> = [];
  const link = new SocketLink<ServerLobbyMessage, ClientLobbyMessage>({
    ...options,
    heartbeat: { intervalMs: PING_MS, silenceLimitMs: SILENCE_MS, ping: { type: 'ping' } },
    onMessage: (message) => messages.push(message),
    onStatus: (status, code) => statuses.push([status, code]),
    ...overrides,
  });
  const opened = () => sockets.all.length;
  return { link, sockets, messages, statuses, opened };
}

describe('socketUrl and reconnectDelay', () => {
  it('puts the path on the origin, as wss: under https: and ws: otherwise; the page origin by default', () => {
    expect(socketUrl('/api/realtime/lobby', 'https://demo.example')).toBe('wss://demo.example/api/realtime/lobby');
    expect(socketUrl('/api/realtime/room', 'http://localhost:8080')).toBe('ws://localhost:8080/api/realtime/room');
    expect(socketUrl('/api/realtime/room')).toBe(`ws://${window.location.host}/api/realtime/room`);
  });

  it('starts at the first delay, grows by the factor, rounds, and stops at the maximum', () => {
    expect([0, 1, 2].map((attempt) => reconnectDelay(attempt, BACKOFF))).toEqual([400, 1000, 2000]);
    expect(reconnectDelay(1, { firstMs: 333, maxMs: 5000, factor: 1.5 })).toBe(500);
  });
});

describe('SocketLink', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('opens the path on the origin once, says hello on open and hands over what the schema accepts', () => {
    const { link, sockets, messages, statuses } = setup();
    link.start();
    link.start();
    expect(sockets.all.map((socket) => socket.url)).toEqual(['wss://demo.example/api/realtime/lobby']);
    expect(link.status).toBe('connecting');
    expect(link.send({ type: 'ping' })).toBe(false);

    sockets.last.accept();
    expect(sockets.last.sent).toEqual([{ type: 'hello', role: 'staff' }]);
    expect(statuses).toEqual([['up', null]]);

    sockets.last.deliverRaw('{not json');
    sockets.last.deliverRaw(JSON.stringify({ type: 'nonsense' }));
    sockets.last.deliver({ type: 'queue', requests: [] });
    sockets.last.deliverRaw(JSON.stringify({ type: 'bye', reason: 'whatever' }));
    expect(messages).toEqual([{ type: 'queue', requests: [] }]);
    expect(link.send({ type: 'ping' })).toBe(true);
  });

  it('says hello at once on a socket that is open already (opened ahead of time)', () => {
    const early = new FakeSocket('wss://demo.example/api/realtime/lobby');
    early.readyState = 1;
    const { link, statuses } = setup({ createSocket: () => early });
    link.start();
    expect(early.sent).toEqual([{ type: 'hello', role: 'staff' }]);
    expect(statuses).toEqual([['up', null]]);
  });

  it('pings every interval while the server is heard, and gives up on a silent socket', () => {
    const { link, sockets, statuses, opened } = setup();
    link.start();
    sockets.last.accept();
    for (let beat = 0; beat < 4; beat += 1) {
      jest.advanceTimersByTime(PING_MS);
      sockets.last.deliver({ type: 'pong' });
    }
    expect(sockets.last.sent).toEqual([{ type: 'hello', role: 'staff' }, ...Array(4).fill({ type: 'ping' })]);

    // Nothing heard any more: the first beat past the silence limit drops the socket instead of pinging.
    jest.advanceTimersByTime(PING_MS * 3);
    expect(sockets.last.sent).toHaveLength(7);
    expect(sockets.last.closedWith).toBe(GIVEN_UP_CLOSE_CODE);
    expect(statuses).toEqual([
      ['up', null],
      ['down', null],
    ]);
    jest.advanceTimersByTime(reconnectDelay(0, BACKOFF));
    expect(opened()).toBe(2);
  });

  it('keeps pinging a silent server while silence proves nothing (a server that never beats)', () => {
    const { link, sockets, statuses } = setup({
      heartbeat: { intervalMs: PING_MS, silenceLimitMs: SILENCE_MS, ping: { type: 'ping' }, watchSilence: () => false },
    });
    link.start();
    sockets.last.accept();
    jest.advanceTimersByTime(PING_MS * 10);
    expect(sockets.last.sent).toHaveLength(11);
    expect(sockets.last.closedWith).toBeNull();
    expect(statuses).toEqual([['up', null]]);
  });

  it('reconnects with the backoff sequence, capped, and starts it again once up', () => {
    const { link, sockets, statuses, opened } = setup();
    link.start();
    sockets.last.drop(1006);
    expect(statuses).toEqual([['down', 1006]]);
    for (const [attempt, expected] of [400, 1000, 2000, 2000].entries()) {
      expect(reconnectDelay(attempt, BACKOFF)).toBe(expected);
      jest.advanceTimersByTime(expected - 1);
      expect(opened()).toBe(attempt + 1);
      jest.advanceTimersByTime(1);
      expect(opened()).toBe(attempt + 2);
      if (attempt < 3) sockets.last.drop(1006);
    }
    sockets.last.accept();
    sockets.last.drop(1011);
    expect(statuses).toEqual([
      ['down', 1006],
      ['up', null],
      ['down', 1011],
    ]);
    jest.advanceTimersByTime(BACKOFF.firstMs);
    expect(opened()).toBe(6);
  });

  it('gives up on a handshake that hangs, and on a socket that cannot even be built', () => {
    let fail = false;
    const sockets = new FakeWebSockets((url) => new FakeSocket(url));
    const { link, statuses } = setup({
      createSocket: (url) => {
        if (fail) throw new SyntaxError('blocked');
        return sockets.create(url);
      },
    });
    link.start();
    jest.advanceTimersByTime(OPEN_TIMEOUT_MS - 1);
    expect(sockets.last.closedWith).toBeNull();
    jest.advanceTimersByTime(1);
    expect(sockets.last.closedWith).toBe(GIVEN_UP_CLOSE_CODE);
    expect(statuses).toEqual([['down', null]]);

    fail = true;
    jest.advanceTimersByTime(reconnectDelay(0, BACKOFF));
    fail = false;
    expect(sockets.all).toHaveLength(1);
    jest.advanceTimersByTime(reconnectDelay(1, BACKOFF));
    expect(sockets.all).toHaveLength(2);
    sockets.last.accept();
    expect(link.status).toBe('up');
  });

  describe('with a welcome', () => {
    const welcome = { is: (message: ServerLobbyMessage) => message.type === 'queue' };

    it('is up at the welcome, not at open; what comes before it is still handed over', () => {
      const { link, sockets, messages, statuses } = setup({ welcome });
      link.start();
      sockets.last.accept();
      expect(link.status).toBe('connecting');
      sockets.last.deliver({ type: 'pong' });
      sockets.last.deliver({ type: 'queue', requests: [] });
      expect(link.status).toBe('up');
      expect(statuses).toEqual([['up', null]]);
      expect(messages.map((message) => message.type)).toEqual(['pong', 'queue']);
    });

    it('runs the open deadline on until the welcome when the welcome has no deadline of its own', () => {
      const { link, sockets } = setup({ welcome });
      link.start();
      jest.advanceTimersByTime(OPEN_TIMEOUT_MS - 100);
      sockets.last.accept();
      jest.advanceTimersByTime(100);
      expect(sockets.last.closedWith).toBe(GIVEN_UP_CLOSE_CODE);
      expect(link.status).toBe('down');
    });

    it('starts a fresh deadline at the hello when the welcome has one', () => {
      const { link, sockets } = setup({ welcome: { ...welcome, timeoutMs: 500 } });
      link.start();
      jest.advanceTimersByTime(OPEN_TIMEOUT_MS - 100);
      sockets.last.accept();
      jest.advanceTimersByTime(499);
      expect(sockets.last.closedWith).toBeNull();
      jest.advanceTimersByTime(1);
      expect(sockets.last.closedWith).toBe(GIVEN_UP_CLOSE_CODE);

      jest.advanceTimersByTime(reconnectDelay(0, BACKOFF));
      sockets.last.accept();
      sockets.last.deliver({ type: 'queue', requests: [] });
      jest.advanceTimersByTime(OPEN_TIMEOUT_MS * 2);
      expect(sockets.last.closedWith).toBeNull();
    });
  });

  it('stops for good at a final close code, and reconnects after any other', () => {
    const { link, sockets, statuses, opened } = setup();
    link.start();
    sockets.last.accept();
    sockets.last.drop(4001);
    jest.advanceTimersByTime(reconnectDelay(0, BACKOFF));
    expect(opened()).toBe(2);
    sockets.last.accept();
    sockets.last.drop(FINAL);
    jest.advanceTimersByTime(60_000);
    expect(opened()).toBe(2);
    expect(link.status).toBe('refused');
    expect(statuses).toEqual([
      ['up', null],
      ['down', 4001],
      ['up', null],
      ['refused', FINAL],
    ]);
  });

  it('lets the owner give up on a socket the protocol found no good, and try again', () => {
    const { link, sockets, opened } = setup();
    link.start();
    sockets.last.accept();
    link.drop();
    expect(sockets.last.closedWith).toBe(GIVEN_UP_CLOSE_CODE);
    expect(link.status).toBe('down');
    link.drop();
    jest.advanceTimersByTime(reconnectDelay(0, BACKOFF));
    expect(opened()).toBe(2);
  });

  it('stops for good when the owner refuses it (the protocol said so in a message), and polls on', async () => {
    const poll = jest.fn(async () => undefined);
    const { link, sockets, statuses, opened } = setup({ heartbeat: undefined, fallback: { intervalMs: POLL_MS, poll } });
    link.start();
    sockets.last.accept();
    link.refuse();
    link.refuse();
    expect(sockets.last.closedWith).toBe(1000);
    expect(link.status).toBe('refused');
    expect(poll).toHaveBeenCalledTimes(1);
    await flush();
    jest.advanceTimersByTime(60_000);
    expect(opened()).toBe(1);
    expect(poll.mock.calls.length).toBeGreaterThan(1);
    expect(statuses).toEqual([
      ['up', null],
      ['refused', null],
    ]);
  });

  describe('the polling fallback', () => {
    function withFallback(poll: (signal: AbortSignal) => Promise<unknown> = async () => undefined) {
      const calls = jest.fn(poll);
      // No heartbeat: a silent socket would be given up, and polled for, while the test waits.
      return { ...setup({ heartbeat: undefined, fallback: { intervalMs: POLL_MS, poll: calls } }), poll: calls };
    }

    it('does not poll while the first socket is on its way', () => {
      const { link, poll } = withFallback();
      link.start();
      jest.advanceTimersByTime(OPEN_TIMEOUT_MS - 1);
      expect(poll).not.toHaveBeenCalled();
    });

    it('polls at once when down, every interval after each answer, and stops once up', async () => {
      const { link, sockets, poll } = withFallback();
      link.start();
      sockets.last.drop(1006);
      expect(poll).toHaveBeenCalledTimes(1);
      await flush();
      jest.advanceTimersByTime(reconnectDelay(0, BACKOFF));
      sockets.last.drop(1006);
      // A second loss while polling does not start a second round.
      expect(poll).toHaveBeenCalledTimes(1);
      jest.advanceTimersByTime(POLL_MS - reconnectDelay(0, BACKOFF));
      expect(poll).toHaveBeenCalledTimes(2);
      await flush();

      // The third socket and the third poll are both due at 1400 ms.
      jest.advanceTimersByTime(reconnectDelay(0, BACKOFF) + reconnectDelay(1, BACKOFF) - POLL_MS);
      expect(sockets.all).toHaveLength(3);
      expect(poll).toHaveBeenCalledTimes(3);
      sockets.last.accept();
      await flush();
      jest.advanceTimersByTime(POLL_MS * 10);
      expect(poll).toHaveBeenCalledTimes(3);

      sockets.last.drop(1006);
      expect(poll).toHaveBeenCalledTimes(4);
    });

    it('marks an answer still on its way as stale once the socket is back', async () => {
      let answer: () => void = () => undefined;
      const signals: AbortSignal[] = [];
      const { link, sockets, poll } = withFallback((signal) => {
        signals.push(signal);
        return new Promise<void>((resolve) => (answer = resolve));
      });
      link.start();
      sockets.last.drop(1006);
      jest.advanceTimersByTime(reconnectDelay(0, BACKOFF));
      sockets.last.accept();
      expect(signals[0]!.aborted).toBe(true);
      answer();
      await flush();
      jest.advanceTimersByTime(POLL_MS * 5);
      expect(poll).toHaveBeenCalledTimes(1);
    });

    it('goes on polling after a final close code, until close()', async () => {
      const { link, sockets, poll } = withFallback();
      link.start();
      sockets.last.accept();
      sockets.last.drop(FINAL);
      expect(poll).toHaveBeenCalledTimes(1);
      await flush();
      jest.advanceTimersByTime(POLL_MS);
      expect(poll).toHaveBeenCalledTimes(2);
      await flush();
      link.close();
      jest.advanceTimersByTime(POLL_MS * 5);
      expect(poll).toHaveBeenCalledTimes(2);
      expect(sockets.all).toHaveLength(1);
    });

    it('starts no polling when the owner closes the link on hearing it is down', () => {
      const poll = jest.fn(async () => undefined);
      const { link, sockets } = setup({
        fallback: { intervalMs: POLL_MS, poll },
        onStatus: (status) => status === 'refused' && link.close(),
      });
      link.start();
      sockets.last.drop(FINAL);
      expect(poll).not.toHaveBeenCalled();
    });
  });

  it('close() closes the socket and stops every timer; it cannot be started again', async () => {
    const poll = jest.fn(async () => undefined);
    const { link, sockets, statuses, opened } = setup({ fallback: { intervalMs: POLL_MS, poll } });
    link.start();
    sockets.last.accept();
    link.close();
    link.close();
    expect(sockets.last.closedWith).toBe(1000);
    expect(link.status).toBe('closed');
    expect(link.send({ type: 'ping' })).toBe(false);
    link.start();
    jest.advanceTimersByTime(60_000);
    await flush();
    expect(opened()).toBe(1);
    expect(sockets.last.sent).toHaveLength(1);
    expect(poll).not.toHaveBeenCalled();
    expect(statuses).toEqual([['up', null]]);
  });

  it('close() while waiting to reconnect cancels the attempt', () => {
    const { link, sockets, opened } = setup();
    link.start();
    sockets.last.drop(1006);
    link.close();
    jest.advanceTimersByTime(60_000);
    expect(opened()).toBe(1);
  });

  it('ignores late events of a socket it let go of (queued by the browser before the handlers were detached)', () => {
    const { link, sockets, messages, statuses } = setup();
    link.start();
    const old = sockets.last;
    old.accept();
    const late = { onmessage: old.onmessage, onclose: old.onclose, onopen: old.onopen } as Pick<SocketLike, 'onmessage' | 'onclose' | 'onopen'>;
    link.drop();
    jest.advanceTimersByTime(reconnectDelay(0, BACKOFF));
    const current = sockets.last;
    current.accept();

    const asOld = old as unknown as WebSocket;
    late.onmessage?.call(asOld, new MessageEvent('message', { data: JSON.stringify({ type: 'queue', requests: [] }) }));
    late.onclose?.call(asOld, new CloseEvent('close', { code: FINAL }));
    late.onopen?.call(asOld, new Event('open'));
    expect(messages).toEqual([]);
    expect(link.status).toBe('up');
    expect(current.sent).toEqual([{ type: 'hello', role: 'staff' }]);
    expect(statuses).toEqual([
      ['up', null],
      ['down', null],
      ['up', null],
    ]);
  });
});
