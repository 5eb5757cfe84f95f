import { WEBINAR_LIVE, WEBINAR_LIVE_CLOSE } from '@incontra/contracts/realtime/webinar-live';
import { GIULIA, liveSockets, PRESENTER, welcome } from '../testing/live-fixtures';
import { WebinarLiveClient } from './live-client';

function client() {
  const sockets = liveSockets();
  const live = new WebinarLiveClient({ token: 'credential', origin: 'http://acme.test', createSocket: sockets.create });
  const seen: string[] = [];
  live.on('message', (message) => seen.push(message.type));
  live.on('connected', (up) => seen.push(up ? 'up' : 'down'));
  live.on('ended', (reason) => seen.push(`ended:${reason}`));
  return { live, sockets, seen };
}

describe('WebinarLiveClient', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] }));
  afterEach(() => jest.useRealTimers());

  it('says hello with the credential on the live path, and is connected at the welcome', () => {
    const { live, sockets, seen } = client();
    live.start();
    expect(sockets.last.url).toBe(`ws://acme.test${WEBINAR_LIVE.path}`);
    sockets.last.accept();
    expect(sockets.last.sent).toEqual([{ type: 'hello', token: 'credential' }]);
    expect(live.connected).toBe(false);
    sockets.last.deliver(welcome(GIULIA));
    expect(live.connected).toBe(true);
    expect(seen).toEqual(['welcome', 'up']);
  });

  it('sends actions only while connected, and tells the caller when one did not go', () => {
    const { live, sockets } = client();
    live.start();
    sockets.last.accept();
    expect(live.act({ type: 'chat', text: 'Ciao' })).toBe(false);
    sockets.last.deliver(welcome(GIULIA));
    expect(live.act({ type: 'chat', text: 'Ciao' })).toBe(true);
    expect(sockets.last.sent.at(-1)).toEqual({ type: 'chat', text: 'Ciao' });
  });

  it("keeps media signals and Twilio's participant report while the socket is down and sends them after the next welcome", () => {
    const { live, sockets, seen } = client();
    live.start();
    sockets.last.accept();
    sockets.last.deliver(welcome(PRESENTER));
    sockets.last.drop(1006);
    expect(seen.at(-1)).toBe('down');
    const report = { type: 'media-joined', participant: `PA${'b'.repeat(32)}` } as const;
    expect(live.act(report)).toBe(true);
    expect(live.act({ type: 'signal', to: GIULIA.seat, data: { candidate: null } })).toBe(true);
    expect(live.act({ type: 'hand', raised: true })).toBe(false);

    jest.advanceTimersByTime(WEBINAR_LIVE.reconnectBaseMs);
    const again = sockets.last;
    expect(sockets.all).toHaveLength(2);
    again.accept();
    expect(again.sent).toEqual([{ type: 'hello', token: 'credential' }]);
    again.deliver(welcome(PRESENTER));
    expect(again.sent.slice(-2)).toEqual([report, { type: 'signal', to: GIULIA.seat, data: { candidate: null } }]);
    expect(seen.at(-1)).toBe('up');
  });

  it('ends for good at the server’s goodbye, and at a final close code without one', () => {
    const removed = client();
    removed.live.start();
    removed.sockets.last.accept();
    removed.sockets.last.deliver(welcome(GIULIA));
    removed.sockets.last.deliver({ type: 'bye', reason: 'removed' });
    expect(removed.seen.at(-1)).toBe('ended:removed');
    jest.advanceTimersByTime(WEBINAR_LIVE.reconnectMaxMs * 2);
    expect(removed.sockets.all).toHaveLength(1);

    const crowded = client();
    crowded.live.start();
    crowded.sockets.last.accept();
    crowded.sockets.last.drop(WEBINAR_LIVE_CLOSE.tooManyConnections);
    expect(crowded.seen).toEqual(['ended:too-many-connections']);
    jest.advanceTimersByTime(WEBINAR_LIVE.reconnectMaxMs * 2);
    expect(crowded.sockets.all).toHaveLength(1);
  });

  it('says goodbye when the participant leaves', () => {
    const { live, sockets } = client();
    live.start();
    sockets.last.accept();
    sockets.last.deliver(welcome(GIULIA));
    live.close();
    expect(sockets.last.sent.at(-1)).toEqual({ type: 'bye' });
    expect(sockets.last.closedWith).toBe(1000);
    expect(live.act({ type: 'chat', text: 'dopo' })).toBe(false);
  });
});
