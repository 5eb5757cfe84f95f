/** A token bucket: `burst` messages at once, refilled at `perSecond`. Time comes from `now`. */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  private readonly now: () => number;

  constructor(private readonly options: { burst: number; perSecond: number; now?: () => number }) {
    this.now = options.now ?? Date.now;
    this.tokens = options.burst;
    this.updatedAt = this.now();
  }

  /** Takes one token; false when the bucket is empty. */
  take(): boolean {
    const { burst, perSecond } = this.options;
    const now = this.now();
    this.tokens = Math.min(burst, this.tokens + ((now - this.updatedAt) * perSecond) / 1000);
    this.updatedAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
