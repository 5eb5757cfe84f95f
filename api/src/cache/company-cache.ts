import { TtlCache } from './ttl-cache';

/** How long another process may answer from an entry when its broker is down (the host cache's bound too). */
export const COMPANY_CACHE_TTL_MS = 5_000;
/** Sessions and list pages of every company together; beyond it the oldest go first. */
export const COMPANY_CACHE_MAX_ENTRIES = 10_000;

/**
 * A kept value is shared by every caller until it is dropped: frozen, so that none changes it for
 * the others (and so that an answer made of it is serialised once, see the zod type provider).
 */
function deepFreeze<V>(value: V): V {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value) || value instanceof Date) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}

interface Entry {
  value: unknown;
  /** The invalidation count when its load began (see `isFresh`). */
  generation: number;
}

interface Loading {
  promise: Promise<unknown>;
  generation: number;
}

/**
 * Reads of one company's data kept a few seconds in this process: the staff sessions, the first
 * pages of the back office's lists. Whatever changes such data drops the company's entries at
 * once: `companyChanged` runs after every committed change of this process and, through the
 * pub/sub port, of the others (CompanyChanges). The TTL only bounds how long another process
 * answers from an entry when its broker is down.
 *
 * Invalidations are counted, and each company remembers the count of its last one: an entry whose
 * load began before its company's last change is stale, also when the load raced the change (it
 * read the old rows and finished after the change was heard). Calls for a key already loading wait
 * for that load instead of starting their own, unless a change came in meanwhile.
 */
export class CompanyCache {
  private readonly entries: TtlCache<Entry>;
  private readonly loading = new Map<string, Loading>();
  private generation = 0;
  private readonly changedAt = new Map<string, number>();
  /** The count of the last `clear()`: every company's entries loaded before it are stale. */
  private clearedAt = 0;

  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor({ ttlMs, maxEntries, now }: { ttlMs: number; maxEntries: number; now: () => number }) {
    this.ttlMs = ttlMs;
    this.now = now;
    this.entries = new TtlCache({ ttlMs, maxEntries, now });
  }

  /**
   * The value of `key` in the company, from the cache or from `load`. `keepForMs` says how long a
   * loaded value may serve (at most the cache's TTL; 0 or less: not kept, e.g. "no such session").
   * A load that fails is not kept, and every caller waiting on it gets its error. A kept value is
   * frozen, deeply: callers share it.
   */
  read<V>(companyId: string, key: string, load: () => Promise<V>, keepForMs: (value: V) => number = () => this.ttlMs): Promise<V> {
    const cacheKey = `${companyId}\u0000${key}`;
    const cached = this.entries.get(cacheKey);
    if (cached && this.isFresh(companyId, cached.generation)) return Promise.resolve(cached.value as V);
    const pending = this.loading.get(cacheKey);
    if (pending && this.isFresh(companyId, pending.generation)) return pending.promise as Promise<V>;

    const generation = this.generation;
    const promise = load().then(
      (value) => {
        this.settle(cacheKey, promise);
        const keepMs = Math.min(keepForMs(value), this.ttlMs);
        if (keepMs > 0 && this.isFresh(companyId, generation)) this.entries.set(cacheKey, { value: deepFreeze(value), generation }, this.now() + keepMs);
        return value;
      },
      (error: unknown) => {
        this.settle(cacheKey, promise);
        throw error;
      },
    );
    this.loading.set(cacheKey, { promise, generation });
    return promise;
  }

  /** Drops the company's entries (and the loads under way), in this process. */
  companyChanged(companyId: string): void {
    this.generation += 1;
    this.changedAt.set(companyId, this.generation);
  }

  /** Drops every entry (after a lost broker connection: changes may have been missed). */
  clear(): void {
    this.generation += 1;
    this.clearedAt = this.generation;
    this.entries.clear();
  }

  private isFresh(companyId: string, generation: number): boolean {
    return generation >= this.clearedAt && generation >= (this.changedAt.get(companyId) ?? 0);
  }

  private settle(cacheKey: string, promise: Promise<unknown>): void {
    if (this.loading.get(cacheKey)?.promise === promise) this.loading.delete(cacheKey);
  }
}
