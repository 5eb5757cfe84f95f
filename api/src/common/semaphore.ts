/**
 * At most `limit` holders at once; the others wait in arrival order, in memory. Used as a
 * bulkhead: writes that contend for the same rows (bookings of one popular start) queue here
 * instead of holding pooled connections while they wait on each other, so a burst of them is
 * answered in full and leaves connections to the rest of the API.
 */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`Semaphore: limit must be a positive integer, not ${limit}`);
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active += 1;
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      // The place passes straight to the next waiter (the count stays), or is given back.
      if (next) next();
      else this.active -= 1;
    }
  }
}
