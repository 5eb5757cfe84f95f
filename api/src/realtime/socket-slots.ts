/** A place held under one key; giving it back twice is harmless. */
export interface Slot {
  release(): void;
}

/**
 * Concurrent holders per key (a client address, a staff session, a token), in this process's
 * memory. Taking and checking happen in one synchronous step, so sockets that arrive together
 * cannot all slip under the limit while one of them is still being counted.
 */
export class SlotCounter {
  private readonly counts = new Map<string, number>();

  /** A slot under `key`, or null when `limit` are already held. */
  take(key: string, limit: number): Slot | null {
    const held = this.counts.get(key) ?? 0;
    if (held >= limit) return null;
    this.counts.set(key, held + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        const left = (this.counts.get(key) ?? 1) - 1;
        if (left > 0) this.counts.set(key, left);
        else this.counts.delete(key);
      },
    };
  }

  /** Slots held under `key`; every slot of every key without one (for tests and figures). */
  held(key?: string): number {
    if (key !== undefined) return this.counts.get(key) ?? 0;
    let total = 0;
    for (const count of this.counts.values()) total += count;
    return total;
  }
}
