export interface TtlCacheOptions {
  ttlMs: number;
  maxEntries: number;
  /** Date.now by default. */
  now?: () => number;
}

/**
 * A small time-bounded cache of this process: an entry lives `ttlMs`, or until the expiry given
 * when it is set (a token's, say); beyond `maxEntries` the oldest go first.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  private readonly now: () => number;

  constructor(private readonly options: TtlCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V, expiresAt: number = this.now() + this.options.ttlMs): void {
    this.entries.delete(key);
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expiresAt });
  }

  clear(): void {
    this.entries.clear();
  }
}
