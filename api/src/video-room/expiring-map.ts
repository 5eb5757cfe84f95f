/**
 * A process-local map whose entries stop counting at their expiry (a token's, at most its TTL
 * away). Expired entries are swept on writes, so the map never outgrows the live tokens.
 */
export class ExpiringMap<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  private writesSinceSweep = 0;

  set(key: string, value: V, expiresAt: Date, now: Date): void {
    this.entries.set(key, { value, expiresAt: expiresAt.getTime() });
    this.writesSinceSweep += 1;
    if (this.writesSinceSweep >= 256) this.sweep(now);
  }

  get(key: string, now: Date): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now.getTime()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  private sweep(now: Date): void {
    this.writesSinceSweep = 0;
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now.getTime()) this.entries.delete(key);
  }
}
