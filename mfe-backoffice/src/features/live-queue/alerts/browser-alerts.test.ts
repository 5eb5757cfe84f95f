import { createBrowserAlerts } from './browser-alerts';

class FakeParam {
  value = 0;
  readonly setValueAtTime = jest.fn();
  readonly exponentialRampToValueAtTime = jest.fn();
}

class FakeNode {
  readonly connect = jest.fn((next: FakeNode) => next);
}

class FakeOscillator extends FakeNode {
  type = '';
  readonly frequency = new FakeParam();
  readonly start = jest.fn();
  readonly stop = jest.fn();
}

class FakeAudioContext {
  static created: FakeAudioContext[] = [];
  state = 'running';
  currentTime = 0;
  readonly destination = new FakeNode();
  readonly oscillators: FakeOscillator[] = [];
  constructor() {
    FakeAudioContext.created.push(this);
  }
  createOscillator() {
    const oscillator = new FakeOscillator();
    this.oscillators.push(oscillator);
    return oscillator;
  }
  createGain() {
    return Object.assign(new FakeNode(), { gain: new FakeParam() });
  }
}

afterEach(() => {
  delete (globalThis as Record<string, unknown>).AudioContext;
  delete (globalThis as Record<string, unknown>).Notification;
  FakeAudioContext.created = [];
});

describe('browser alerts', () => {
  it('synthesises the chime with Web Audio, reusing one context', () => {
    Object.assign(globalThis, { AudioContext: FakeAudioContext });
    const alerts = createBrowserAlerts();
    alerts.playChime();
    alerts.playChime();
    expect(FakeAudioContext.created).toHaveLength(1);
    const [context] = FakeAudioContext.created;
    expect(context?.oscillators.map((oscillator) => oscillator.frequency.value)).toEqual([880, 1320, 880, 1320]);
    expect(context?.oscillators.every((oscillator) => oscillator.start.mock.calls.length === 1 && oscillator.stop.mock.calls.length === 1)).toBe(true);
  });

  it('stays silent where Web Audio or notifications do not exist', () => {
    expect([typeof AudioContext, typeof Notification]).toEqual(['undefined', 'undefined']);
    const alerts = createBrowserAlerts();
    expect(alerts.notificationAccess()).toBe('unsupported');
    // Silent: both calls return nothing and make nothing, where a missing API would have thrown.
    expect([alerts.playChime(), alerts.showNotification('t', 'b', 'x')]).toEqual([undefined, undefined]);
  });

  it('shows a notification only once permission is granted', async () => {
    const shown: unknown[] = [];
    const FakeNotification = Object.assign(
      function FakeNotification(this: unknown, title: string, options: NotificationOptions) {
        shown.push({ title, ...options });
      },
      { permission: 'default', requestPermission: jest.fn(async () => 'granted') },
    );
    Object.assign(globalThis, { Notification: FakeNotification });
    const alerts = createBrowserAlerts();
    alerts.showNotification('Nuova', 'Anna', 'id-1');
    expect(shown).toEqual([]);

    await expect(alerts.requestNotificationAccess()).resolves.toBe('granted');
    FakeNotification.permission = 'granted';
    expect(alerts.notificationAccess()).toBe('granted');
    alerts.showNotification('Nuova', 'Anna', 'id-1');
    expect(shown).toEqual([{ title: 'Nuova', body: 'Anna', tag: 'id-1' }]);
  });
});
