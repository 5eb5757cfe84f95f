/** One pending timer per key (a peer's grace period, a peer's ICE check). */
export class KeyedTimers {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  has(key: string): boolean {
    return this.timers.has(key);
  }

  /** Starts `run` in `ms` unless a timer for `key` is already pending. */
  start(key: string, ms: number, run: () => void): void {
    if (this.timers.has(key)) return;
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        run();
      }, ms),
    );
  }

  cancel(key: string): void {
    const timer = this.timers.get(key);
    if (timer) clearTimeout(timer);
    this.timers.delete(key);
  }

  cancelAll(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
