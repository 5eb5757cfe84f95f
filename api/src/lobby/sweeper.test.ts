import type { FastifyBaseLogger } from 'fastify';
import { until } from '../../test/helpers/until';
import { LobbySweeper } from './sweeper';

const log = { warn: jest.fn() } as unknown as FastifyBaseLogger;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('LobbySweeper', () => {
  it('sweeps on its period, never two sweeps at once, and waits for the one running when stopped', async () => {
    let running = 0;
    let most = 0;
    let done = 0;
    const sweeper = new LobbySweeper(
      async () => {
        running += 1;
        most = Math.max(most, running);
        await pause(30);
        running -= 1;
        done += 1;
      },
      5,
      log,
    );
    sweeper.start();
    // A sweep lasts 30 ms on a 5 ms period: ticks keep arriving while one runs.
    await until(() => done >= 3, 'three sweeps');
    await sweeper.stop();
    expect(most).toBe(1);
    expect(done).toBeGreaterThanOrEqual(2);
    expect(running).toBe(0);
    const after = done;
    await pause(30);
    expect(done).toBe(after);
  });

  it('logs a failed sweep and keeps going', async () => {
    let calls = 0;
    const sweeper = new LobbySweeper(
      async () => {
        calls += 1;
        throw new Error('database away');
      },
      5,
      log,
    );
    sweeper.start();
    await until(() => calls >= 2, 'two failed sweeps');
    await sweeper.stop();
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(log.warn).toHaveBeenCalled();
  });

  it('has no timer when the period is null', async () => {
    const sweep = jest.fn(async () => undefined);
    const sweeper = new LobbySweeper(sweep, null, log);
    sweeper.start();
    await pause(20);
    await sweeper.stop();
    expect(sweep).not.toHaveBeenCalled();
  });
});
