import { Heartbeat, OneTimer, Poller } from './socket-timers';

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

describe('Poller', () => {
  /** Lets a poll's promise settle (fake timers do not run microtasks by themselves). */
  async function flush() {
    await Promise.resolve();
    await Promise.resolve();
  }

  it('polls at once, then an interval after each answer, never two at once', async () => {
    const answers: Array<() => void> = [];
    const poll = jest.fn(() => new Promise<void>((resolve) => answers.push(resolve)));
    const poller = new Poller({ intervalMs: 100, poll });
    poller.start();
    poller.start();
    expect(poll).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(500);
    expect(poll).toHaveBeenCalledTimes(1);
    answers[0]!();
    await flush();
    jest.advanceTimersByTime(99);
    expect(poll).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    expect(poll).toHaveBeenCalledTimes(2);
  });

  it('tries again after a failed or throwing poll', async () => {
    let calls = 0;
    const poller = new Poller({
      intervalMs: 100,
      poll: () => {
        calls += 1;
        if (calls === 1) return Promise.reject(new Error('offline'));
        throw new Error('broken');
      },
    });
    poller.start();
    await flush();
    jest.advanceTimersByTime(100);
    expect(calls).toBe(2);
    jest.advanceTimersByTime(100);
    expect(calls).toBe(3);
  });

  it('aborts the round on stop: an answer on its way is marked stale and schedules nothing', async () => {
    let answer: () => void = () => undefined;
    const signals: AbortSignal[] = [];
    const poll = jest.fn((signal: AbortSignal) => {
      signals.push(signal);
      return new Promise<void>((resolve) => (answer = resolve));
    });
    const poller = new Poller({ intervalMs: 100, poll });
    poller.start();
    expect(poller.running).toBe(true);
    poller.stop();
    expect(poller.running).toBe(false);
    expect(signals[0]!.aborted).toBe(true);
    answer();
    await flush();
    jest.advanceTimersByTime(1000);
    expect(poll).toHaveBeenCalledTimes(1);

    poller.start();
    expect(poll).toHaveBeenCalledTimes(2);
    expect(signals[1]!.aborted).toBe(false);
  });
});
