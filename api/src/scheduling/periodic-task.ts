import type { FastifyBaseLogger } from 'fastify';

export interface PeriodicTaskOptions {
  /** What the warning says when a run fails (the run is tried again at the next period). */
  failure: string;
  /** Run once as soon as the task starts, not only after the first period. */
  runAtStart?: boolean;
}

/**
 * The timer of the server's background work (the lobby's sweep, the chat files' retention):
 * unref'd (it never keeps the process alive), never two runs at once in one process, a failed run
 * logged and retried at the next period, and stopped with the app after the run in progress.
 * `intervalMs` null: no timer at all (tests run the work by hand).
 */
export class PeriodicTask {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly run: () => Promise<unknown>,
    private readonly intervalMs: number | null,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    private readonly options: PeriodicTaskOptions,
  ) {}

  start(): void {
    if (this.intervalMs === null || this.timer) return;
    this.timer = setInterval(() => this.tick(), this.intervalMs);
    this.timer.unref();
    if (this.options.runAtStart) this.tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.run()
      .then(() => undefined)
      .catch((error: unknown) => this.log.warn({ err: error }, this.options.failure))
      .finally(() => {
        this.running = null;
      });
  }
}
