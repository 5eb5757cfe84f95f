import { CHAT_FILE_SWEEP_INTERVAL_MS, ChatFileSweeper } from './chat-file-retention';

/** A sweep the test finishes by hand. */
function controlledSweeps() {
  const pending: (() => void)[] = [];
  const sweep = jest.fn(() => new Promise<void>((resolve) => pending.push(resolve)));
  return { sweep, finishAll: () => pending.splice(0).forEach((resolve) => resolve()) };
}

// Lets the sweeper's promise callbacks run (no timers involved).
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('ChatFileSweeper', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  it('sweeps at once on start (what fell due while no process ran), then every interval', async () => {
    const { sweep, finishAll } = controlledSweeps();
    const sweeper = new ChatFileSweeper({ run: sweep, intervalMs: CHAT_FILE_SWEEP_INTERVAL_MS, log: { warn: jest.fn() } });
    sweeper.start();
    expect(sweep).toHaveBeenCalledTimes(1);
    finishAll();
    await settle();
    jest.advanceTimersByTime(CHAT_FILE_SWEEP_INTERVAL_MS - 1);
    expect(sweep).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    expect(sweep).toHaveBeenCalledTimes(2);
    finishAll();
    await sweeper.stop();
    jest.advanceTimersByTime(10 * CHAT_FILE_SWEEP_INTERVAL_MS);
    expect(sweep).toHaveBeenCalledTimes(2);
  });

  it('never starts a sweep while one runs, and stop waits for it', async () => {
    const { sweep, finishAll } = controlledSweeps();
    const sweeper = new ChatFileSweeper({ run: sweep, intervalMs: 1000, log: { warn: jest.fn() } });
    sweeper.start();
    jest.advanceTimersByTime(5000);
    expect(sweep).toHaveBeenCalledTimes(1);
    let stopped = false;
    const stopping = sweeper.stop().then(() => {
      stopped = true;
    });
    await settle();
    expect(stopped).toBe(false);
    finishAll();
    await stopping;
    expect(stopped).toBe(true);
  });

  it('logs a failed sweep and sweeps again at the next interval', async () => {
    const warn = jest.fn();
    const sweep = jest.fn().mockRejectedValueOnce(new Error('database away')).mockResolvedValue(0);
    const sweeper = new ChatFileSweeper({ run: sweep, intervalMs: 1000, log: { warn } });
    sweeper.start();
    await settle();
    expect(warn).toHaveBeenCalledWith({ err: new Error('database away') }, 'chat file sweep failed');
    jest.advanceTimersByTime(1000);
    expect(sweep).toHaveBeenCalledTimes(2);
    await sweeper.stop();
  });
});
