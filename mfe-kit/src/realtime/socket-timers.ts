/**
 * The timers of the socket link (socket-link.ts). Each is one object the link can start and stop
 * at any moment (stopping twice, or stopping what never started, is fine), so that tearing down a
 * socket is a few calls rather than handle bookkeeping.
 */

/** One pending timeout at most: starting it again replaces the one pending. */
export class OneTimer {
  private handle: ReturnType<typeof setTimeout> | null = null;

  get pending(): boolean {
    return this.handle !== null;
  }

  start(ms: number, run: () => void): void {
    this.cancel();
    this.handle = setTimeout(() => {
      this.handle = null;
      run();
    }, ms);
  }

  cancel(): void {
    if (this.handle !== null) clearTimeout(this.handle);
    this.handle = null;
  }
}

export interface HeartbeatOptions {
  intervalMs: number;
  /** Heard from nothing for longer than this, the connection is taken for dead. */
  silenceLimitMs: number;
  /** Every interval while the connection is alive: send the protocol's ping. */
  beat(): void;
  /** At the first interval past the silence limit, instead of `beat`. */
  silent(): void;
}

/**
 * An application-level ping every interval, and the watch for silence: a socket the browser
 * still thinks open may be long dead (a laptop lid, a proxy), and only the silence tells. The
 * client reports what it hears with `heard()`; `start()` counts as heard.
 */
export class Heartbeat {
  private handle: ReturnType<typeof setInterval> | null = null;
  private lastHeard = 0;

  constructor(private readonly options: HeartbeatOptions) {}

  start(): void {
    this.stop();
    this.lastHeard = Date.now();
    this.handle = setInterval(() => this.tick(), this.options.intervalMs);
  }

  heard(): void {
    this.lastHeard = Date.now();
  }

  stop(): void {
    if (this.handle !== null) clearInterval(this.handle);
    this.handle = null;
  }

  private tick(): void {
    if (Date.now() - this.lastHeard > this.options.silenceLimitMs) this.options.silent();
    else this.options.beat();
  }
}

export interface PollerOptions {
  intervalMs: number;
  /** One poll. `signal` aborts when polling stops: an answer still on its way is then stale. */
  poll(signal: AbortSignal): Promise<unknown> | void;
}

/**
 * Polls at once, then `intervalMs` after each poll settled (never two at once, a failed poll is
 * simply tried again), until stopped.
 */
export class Poller {
  private round: AbortController | null = null;
  private readonly timer = new OneTimer();

  constructor(private readonly options: PollerOptions) {}

  get running(): boolean {
    return this.round !== null;
  }

  start(): void {
    if (this.round) return;
    const round = new AbortController();
    this.round = round;
    const next = () => {
      if (this.round === round) this.timer.start(this.options.intervalMs, pollOnce);
    };
    const pollOnce = () => {
      let pending: Promise<unknown> | void;
      try {
        pending = this.options.poll(round.signal);
      } catch {
        pending = undefined;
      }
      if (pending) pending.then(next, next);
      else next();
    };
    pollOnce();
  }

  stop(): void {
    this.round?.abort();
    this.round = null;
    this.timer.cancel();
  }
}
