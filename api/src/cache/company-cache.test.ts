import { CompanyCache } from './company-cache';

/** A load the test finishes when it chooses, counting how often it was started. */
class HeldLoads<V> {
  started = 0;
  private readonly pending: { resolve: (value: V) => void; reject: (error: Error) => void }[] = [];

  readonly load = (): Promise<V> => {
    this.started += 1;
    return new Promise<V>((resolve, reject) => this.pending.push({ resolve, reject }));
  };

  finish(value: V): void {
    const next = this.pending.shift();
    if (!next) throw new Error('no load under way');
    next.resolve(value);
  }

  fail(error: Error): void {
    const next = this.pending.shift();
    if (!next) throw new Error('no load under way');
    next.reject(error);
  }
}

let now = 0;
const cache = () => new CompanyCache({ ttlMs: 5_000, maxEntries: 100, now: () => now });
beforeEach(() => {
  now = 1_000_000;
});

describe('CompanyCache', () => {
  it('answers a loaded value from memory until its time is up, then loads again', async () => {
    const c = cache();
    let loads = 0;
    const load = async () => `value ${(loads += 1)}`;
    expect(await c.read('acme', 'users:1', load)).toBe('value 1');
    now += 4_999;
    expect(await c.read('acme', 'users:1', load)).toBe('value 1');
    now += 1;
    expect(await c.read('acme', 'users:1', load)).toBe('value 2');
    expect(loads).toBe(2);
  });

  it("keeps a key apart per company: another company's read never answers it", async () => {
    const c = cache();
    expect(await c.read('acme', 'users:1', async () => 'acme users')).toBe('acme users');
    expect(await c.read('demo', 'users:1', async () => 'demo users')).toBe('demo users');
    expect(await c.read('acme', 'users:1', async () => 'reloaded')).toBe('acme users');
  });

  it("drops a changed company's entries only", async () => {
    const c = cache();
    await c.read('acme', 'users:1', async () => 'acme before');
    await c.read('demo', 'users:1', async () => 'demo before');
    c.companyChanged('acme');
    expect(await c.read('acme', 'users:1', async () => 'acme after')).toBe('acme after');
    expect(await c.read('demo', 'users:1', async () => 'demo after')).toBe('demo before');
  });

  it('does not keep what a load read before a change it finished after (the race with a write)', async () => {
    const c = cache();
    const loads = new HeldLoads<string>();
    const first = c.read('acme', 'users:1', loads.load);
    c.companyChanged('acme');
    loads.finish('rows read before the change');
    // The caller that asked before the change gets what was read then; nobody after it does.
    expect(await first).toBe('rows read before the change');
    const second = c.read('acme', 'users:1', loads.load);
    expect(loads.started).toBe(2);
    loads.finish('rows read after the change');
    expect(await second).toBe('rows read after the change');
    expect(await c.read('acme', 'users:1', loads.load)).toBe('rows read after the change');
    expect(loads.started).toBe(2);
  });

  it('lets calls for a key under way wait for that load, but not once the company changed', async () => {
    const c = cache();
    const loads = new HeldLoads<string>();
    const early = [c.read('acme', 'users:1', loads.load), c.read('acme', 'users:1', loads.load)];
    expect(loads.started).toBe(1);
    c.companyChanged('acme');
    const late = c.read('acme', 'users:1', loads.load);
    expect(loads.started).toBe(2);
    loads.finish('old rows');
    loads.finish('new rows');
    expect(await Promise.all(early)).toEqual(['old rows', 'old rows']);
    expect(await late).toBe('new rows');
    expect(await c.read('acme', 'users:1', loads.load)).toBe('new rows');
  });

  it('keeps a value no longer than keepForMs says, and not at all for 0', async () => {
    const c = cache();
    let loads = 0;
    const load = async () => ((loads += 1), loads);
    await c.read('acme', 'session:a', load, () => 1_000);
    now += 999;
    expect(await c.read('acme', 'session:a', load, () => 1_000)).toBe(1);
    now += 1;
    expect(await c.read('acme', 'session:a', load, () => 1_000)).toBe(2);
    // More than the TTL is cut to the TTL.
    await c.read('acme', 'session:b', load, () => 60_000);
    now += 5_000;
    expect(await c.read('acme', 'session:b', load, () => 60_000)).toBe(4);
    expect(await c.read('acme', 'session:none', load, () => 0)).toBe(5);
    expect(await c.read('acme', 'session:none', load, () => 0)).toBe(6);
  });

  it('keeps no failed load, and gives its error to every caller waiting on it', async () => {
    const c = cache();
    const loads = new HeldLoads<string>();
    const waiting = [c.read('acme', 'users:1', loads.load), c.read('acme', 'users:1', loads.load)];
    loads.fail(new Error('database unavailable'));
    await expect(Promise.all(waiting)).rejects.toThrow('database unavailable');
    const retry = c.read('acme', 'users:1', loads.load);
    expect(loads.started).toBe(2);
    loads.finish('rows');
    expect(await retry).toBe('rows');
  });

  it('drops everything on clear, loads under way included', async () => {
    const c = cache();
    await c.read('acme', 'users:1', async () => 'acme before');
    const loads = new HeldLoads<string>();
    const pending = c.read('demo', 'users:1', loads.load);
    c.clear();
    loads.finish('demo read before the clear');
    expect(await pending).toBe('demo read before the clear');
    expect(await c.read('acme', 'users:1', async () => 'acme after')).toBe('acme after');
    expect(await c.read('demo', 'users:1', async () => 'demo after')).toBe('demo after');
  });

  it('freezes what it keeps, deeply, since every caller shares it', async () => {
    const c = cache();
    const page = await c.read('acme', 'users:1', async () => ({ items: [{ name: 'Anna', createdAt: new Date(0) }], total: 1 }));
    expect(Object.isFrozen(page)).toBe(true);
    expect(Object.isFrozen(page.items)).toBe(true);
    expect(Object.isFrozen(page.items[0])).toBe(true);
    expect(() => (page.items as { name: string }[]).push({ name: 'Marco' })).toThrow(TypeError);
    // What is not kept stays the caller's own.
    const own = await c.read(
      'acme',
      'session:none',
      async () => ({ name: 'Anna' }),
      () => 0,
    );
    expect(Object.isFrozen(own)).toBe(false);
  });
});
