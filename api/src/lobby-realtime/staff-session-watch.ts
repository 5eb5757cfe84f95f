import type { FastifyBaseLogger } from 'fastify';

interface Watched {
  stillSignedIn: () => Promise<boolean>;
  over: () => void;
  /** A check still on its way is not started again (a slow database does not pile them up). */
  checking: boolean;
}

/**
 * The sessions behind this process's open staff sockets, asked again every interval: a socket is
 * authenticated once, at `hello`, and its staff member may sign out, expire or be deactivated
 * while it stays open. One timer for every socket, checks of one round side by side. A session
 * that is over calls `over` (the socket says `bye unauthorized` and closes with 4001); a check
 * that fails (the database) is not an answer: the socket stays, and is asked again next round.
 */
export class StaffSessionWatch {
  private readonly watched = new Set<Watched>();
  private readonly timer: NodeJS.Timeout;

  private readonly log: FastifyBaseLogger;

  constructor({ intervalMs, log }: { intervalMs: number; log: FastifyBaseLogger }) {
    this.log = log;
    this.timer = setInterval(() => void this.checkAll(), intervalMs);
    this.timer.unref();
  }

  /** Watches a socket's session until the answered function is called (the socket closed). */
  watch(stillSignedIn: () => Promise<boolean>, over: () => void): () => void {
    const entry: Watched = { stillSignedIn, over, checking: false };
    this.watched.add(entry);
    return () => this.watched.delete(entry);
  }

  /** Sockets watched (tests: a closed socket must not stay). */
  size(): number {
    return this.watched.size;
  }

  stop(): void {
    clearInterval(this.timer);
    this.watched.clear();
  }

  /** One round: every session not already being checked. */
  async checkAll(): Promise<void> {
    await Promise.all([...this.watched].filter((entry) => !entry.checking).map((entry) => this.check(entry)));
  }

  private async check(entry: Watched): Promise<void> {
    entry.checking = true;
    let live: boolean;
    try {
      live = await entry.stillSignedIn();
    } catch (error) {
      this.log.warn({ err: error }, 'lobby staff session could not be checked; asked again next round');
      return;
    } finally {
      entry.checking = false;
    }
    // Unwatched meanwhile: the socket is already gone.
    if (live || !this.watched.delete(entry)) return;
    entry.over();
  }
}
