import { Heartbeat, OneTimer } from './socket-timers';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('OneTimer', () => {
  it('keeps one pending timeout: starting again replaces it, cancel drops it', () => {
    const timer = new OneTimer();
    const runs: string[] = [];
    timer.start(100, () => runs.push('first'));
    timer.start(200, () => runs.push('second'));
    jest.advanceTimersByTime(200);
    expect(runs).toEqual(['second']);
    expect(timer.pending).toBe(false);
    timer.start(100, () => runs.push('third'));
    expect(timer.pending).toBe(true);
    timer.cancel();
    jest.advanceTimersByTime(500);
    expect(runs).toEqual(['second']);
  });
});

describe('Heartbeat', () => {
  function setup() {
    const calls: string[] = [];
    const heartbeat = new Heartbeat({ intervalMs: 100, silenceLimitMs: 250, beat: () => calls.push('beat'), silent: () => calls.push('silent') });
    return { heartbeat, calls };
  }

  it('beats every interval while something is heard', () => {
    const { heartbeat, calls } = setup();
    heartbeat.start();
    for (let i = 0; i < 5; i += 1) {
      jest.advanceTimersByTime(100);
      heartbeat.heard();
    }
    expect(calls).toEqual(['beat', 'beat', 'beat', 'beat', 'beat']);
  });

  it('reports silence at the first interval past the limit, instead of beating', () => {
    const { heartbeat, calls } = setup();
    heartbeat.start();
    jest.advanceTimersByTime(300);
    expect(calls).toEqual(['beat', 'beat', 'silent']);
  });

  it('does nothing once stopped', () => {
    const { heartbeat, calls } = setup();
    heartbeat.start();
    heartbeat.stop();
    heartbeat.stop();
    jest.advanceTimersByTime(1000);
    expect(calls).toEqual([]);
  });
});
