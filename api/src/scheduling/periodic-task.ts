import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** What every sweeper is given: its work, its period and where a failed run is told. */
export interface SweepOptions {
  run: () => Promise<unknown>;
  /** Null: no timer at all (tests run the work by hand). */
  intervalMs: number | null;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export interface PeriodicTaskOptions extends SweepOptions {
  /** What the warning says when a run fails (the run is tried again at the next period). */
  failure: string;
  /** Run once as soon as the task starts, not only after the first period. */
  runAtStart?: boolean;
}

/**
 * The timer of the server's background work (the lobby's sweep, the chat files' retention):
 * unref'd (it never keeps the process alive), never two runs at once in one process, a failed run
 * logged and retried at the next period, and stopped with the app after the run in progress.
 */
export class PeriodicTask {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(private readonly options: PeriodicTaskOptions) {}

  start(): void {
    const { intervalMs, runAtStart } = this.options;
    if (intervalMs === null || this.timer) return;
    this.timer = setInterval(() => this.tick(), intervalMs);
    this.timer.unref();
    if (runAtStart) this.tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private tick(): void {
    if (this.running) return;
    const { run, log, failure } = this.options;
    this.running = run()
      .then(() => undefined)
      .catch((error: unknown) => log.warn({ err: error }, failure))
      .finally(() => {
        this.running = null;
      });
  }
}

/**
 * A plugin's background work runs while the app is open: started once it is ready, stopped (the
 * run in progress awaited) when it closes, in the plugin's place in the close order.
 */
export function runWhileOpen(app: FastifyInstance, task: PeriodicTask): void {
  app.addHook('onReady', async () => task.start());
  app.addHook('onClose', () => task.stop());
}
