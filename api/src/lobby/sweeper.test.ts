import type { FastifyBaseLogger } from 'fastify';
import { LobbySweeper } from './sweeper';

const log = { warn: jest.fn() } as unknown as FastifyBaseLogger;
const PERIOD_MS = 5;

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** A sweep that runs until the test releases it: the test decides how long a sweep lasts. */
function heldSweeps() {
  const releases: (() => void)[] = [];
  let running = 0;
  let most = 0;
  let done = 0;
  const sweep = async () => {
    running += 1;
    most = Math.max(most, running);
    await new Promise<void>((resolve) => releases.push(resolve));
    running -= 1;
    done += 1;
  };
  const release = () => releases.shift()?.();
  return { sweep, release, started: () => releases.length + done, stats: () => ({ running, most, done }) };
}

describe('LobbySweeper', () => {
  it('sweeps on its period, never two sweeps at once, and waits for the one running when stopped', async () => {
    const held = heldSweeps();
    const sweeper = new LobbySweeper({ run: held.sweep, intervalMs: PERIOD_MS, log });
    sweeper.start();
    await jest.advanceTimersByTimeAsync(PERIOD_MS);
    expect(held.started()).toBe(1);
    // Ticks keep arriving while the sweep runs: none starts another.
    await jest.advanceTimersByTimeAsync(PERIOD_MS * 10);
    expect(held.stats()).toEqual({ running: 1, most: 1, done: 0 });
    held.release();
    await jest.advanceTimersByTimeAsync(PERIOD_MS);
    expect(held.started()).toBe(2);

    // Stopped mid-sweep: stop() settles only once that sweep has finished.
    let stopped = false;
    const stopping = sweeper.stop().then(() => (stopped = true));
    await jest.advanceTimersByTimeAsync(PERIOD_MS);
    expect(stopped).toBe(false);
    held.release();
    await stopping;
    expect(held.stats()).toEqual({ running: 0, most: 1, done: 2 });
    await jest.advanceTimersByTimeAsync(PERIOD_MS * 10);
    expect(held.started()).toBe(2);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('logs a failed sweep and keeps going', async () => {
    let calls = 0;
    const sweeper = new LobbySweeper({
      run: async () => {
        calls += 1;
        throw new Error('database away');
      },
      intervalMs: PERIOD_MS,
      log,
    });
    sweeper.start();
    await jest.advanceTimersByTimeAsync(PERIOD_MS * 2);
    await sweeper.stop();
    expect(calls).toBe(2);
    expect(log.warn).toHaveBeenCalledWith({ err: new Error('database away') }, 'lobby sweep failed');
  });

  it('has no timer when the period is null', async () => {
    const sweep = jest.fn(async () => undefined);
    const sweeper = new LobbySweeper({ run: sweep, intervalMs: null, log });
    sweeper.start();
    expect(jest.getTimerCount()).toBe(0);
    await jest.advanceTimersByTimeAsync(60_000);
    await sweeper.stop();
    expect(sweep).not.toHaveBeenCalled();
  });
});
