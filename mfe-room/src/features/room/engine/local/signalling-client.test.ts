import { SIGNALLING } from '@incontra/contracts/realtime/signalling';
import { reconnectDelay as delayOf } from '@incontra/mfe-kit/realtime/socket-link';
import { SIGNALLING_BACKOFF, SignallingClient } from './signalling-client';
import { FakeSocket } from './testing/fake-signalling';
import { peer, settle } from './testing/engine-harness';

const anna = peer('anna');
const reconnectDelay = (attempt: number) => delayOf(attempt, SIGNALLING_BACKOFF);

function client() {
  const sockets: FakeSocket[] = [];
  const signalling = new SignallingClient({
    path: '/api/realtime/room',
    origin: 'http://room.test',
    token: 'tok',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
  });
  const seen: string[] = [];
  signalling.on('welcome', () => seen.push('welcome'));
  signalling.on('lost', () => seen.push('lost'));
  signalling.on('ended', (reason) => seen.push(`ended:${reason}`));
  signalling.on('peerJoined', (p) => seen.push(`joined:${p.identity}`));
  const last = () => sockets.at(-1) as FakeSocket;
  const welcome = () => {
    last().accept();
    last().deliver({ type: 'welcome', self: anna, peers: [] });
  };
  return { signalling, sockets, seen, last, welcome };
}

describe('reconnectDelay', () => {
  it('starts at 500 ms, grows by 1.5 and stops at 5 s', () => {
    expect([0, 1, 2, 3].map(reconnectDelay)).toEqual([500, 750, 1125, 1688]);
    expect(reconnectDelay(20)).toBe(5000);
  });
});

describe('SignallingClient', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] }));
  afterEach(() => jest.useRealTimers());

  it('says hello at once on a socket opened ahead of time', () => {
    const early = new FakeSocket('ws://room.test/api/realtime/room');
    early.readyState = 1;
    const signalling = new SignallingClient({ path: '/api/realtime/room', origin: 'http://room.test', token: 'tok', createSocket: () => early });
    signalling.start();
    expect(early.sent).toEqual([{ type: 'hello', token: 'tok' }]);
    early.deliver({ type: 'welcome', self: anna, peers: [] });
    expect(signalling.ready).toBe(true);
  });

  it('queues signals until welcome, then sends them in order', () => {
    const { signalling, last, welcome } = client();
    signalling.start();
    signalling.signal('staff-marco', { candidate: null });
    welcome();
    expect(last().sent).toEqual([
      { type: 'hello', token: 'tok' },
      { type: 'signal', to: 'staff-marco', data: { candidate: null } },
    ]);
  });

  it('ignores what is not a valid server message', () => {
    const { signalling, last, welcome, seen } = client();
    signalling.start();
    welcome();
    last().deliverRaw('{oops');
    last().deliverRaw(JSON.stringify({ type: 'peer-joined', peer: { identity: 1 } }));
    last().deliver({ type: 'peer-joined', peer: anna });
    expect(seen).toEqual(['welcome', `joined:${anna.identity}`]);
  });

  it('a lost socket is retried with growing delays and the same token', async () => {
    const { signalling, sockets, last, welcome, seen } = client();
    signalling.start();
    welcome();
    last().drop(1006);
    expect(seen).toEqual(['welcome', 'lost']);
    expect(signalling.ready).toBe(false);
    await jest.advanceTimersByTimeAsync(499);
    expect(sockets).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    last().drop(1006);
    await jest.advanceTimersByTimeAsync(749);
    expect(sockets).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1);
    welcome();
    expect(last().sent[0]).toEqual({ type: 'hello', token: 'tok' });
    expect(seen).toEqual(['welcome', 'lost', 'welcome']);
  });

  it('a socket that opens but never welcomes is given up and retried', async () => {
    const { signalling, sockets, last } = client();
    signalling.start();
    last().accept();
    await jest.advanceTimersByTimeAsync(5000);
    expect(sockets[0]?.closedWith).toBe(4000);
    await jest.advanceTimersByTimeAsync(500);
    expect(sockets).toHaveLength(2);
  });

  it.each([
    [4003, 'kicked'],
    [4009, 'room-full'],
    [4001, 'unauthorized'],
    [4029, 'abuse'],
    [4030, 'too-many-connections'],
  ])('close code %d ends it for good (%s)', async (code, reason) => {
    const { signalling, sockets, last, welcome, seen } = client();
    signalling.start();
    welcome();
    last().drop(code);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(seen).toEqual(['welcome', `ended:${reason}`]);
    expect(sockets).toHaveLength(1);
  });

  it('bye ends it; close() says bye itself and stops retrying', async () => {
    const first = client();
    first.signalling.start();
    first.welcome();
    first.last().deliver({ type: 'bye', reason: 'kicked' });
    expect(first.seen).toEqual(['welcome', 'ended:kicked']);

    const second = client();
    second.signalling.start();
    second.welcome();
    second.signalling.close();
    expect(second.last().sent.at(-1)).toEqual({ type: 'bye' });
    await jest.advanceTimersByTimeAsync(10_000);
    expect(second.sockets).toHaveLength(1);
  });

  it('says bye on close even before the welcome: the server may have seated it already (leaving by navigation while entering)', async () => {
    const { signalling, sockets, last } = client();
    signalling.start();
    last().accept();
    expect(last().sent).toEqual([{ type: 'hello', token: 'tok' }]);
    signalling.close();
    expect(last().sent).toEqual([{ type: 'hello', token: 'tok' }, { type: 'bye' }]);
    expect(last().closedWith).toBe(1000);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(sockets).toHaveLength(1);
  });

  it('has nothing to say on close while its socket is still opening', () => {
    const { signalling, last } = client();
    signalling.start();
    signalling.close();
    expect(last().sent).toEqual([]);
    expect(last().closedWith).toBe(1000);
  });

  it('beats every heartbeat interval and drops a server that has gone silent', async () => {
    const { signalling, sockets, last, welcome, seen } = client();
    signalling.start();
    welcome();
    last().deliver({ type: 'heartbeat' });
    await jest.advanceTimersByTimeAsync(SIGNALLING.heartbeatIntervalMs);
    expect(last().sentOfType('heartbeat')).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(SIGNALLING.heartbeatIntervalMs * 3);
    expect(seen).toEqual(['welcome', 'lost']);
    await settle();
    expect(sockets[0]?.closedWith).toBe(4000);
  });
});
