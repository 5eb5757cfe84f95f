import { Semaphore } from './semaphore';

/** A promise with its resolver, to hold a holder until the test lets it go. */
function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe('Semaphore', () => {
  it('lets `limit` holders run at once, and the next ones in arrival order as places free', async () => {
    const semaphore = new Semaphore(2);
    const gates = [gate(), gate(), gate(), gate()];
    const started: number[] = [];
    const runs = gates.map((held, i) =>
      semaphore.run(async () => {
        started.push(i);
        await held.promise;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    gates[1]!.open();
    await runs[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.open();
    gates[2]!.open();
    gates[3]!.open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(started).toEqual([0, 1, 2, 3]);
  });

  it('frees the place of a holder that fails', async () => {
    const semaphore = new Semaphore(1);
    await expect(semaphore.run(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await semaphore.run(async () => 'next')).toBe('next');
  });

  it('refuses a limit that is not a positive whole number', () => {
    expect(() => new Semaphore(0)).toThrow('positive integer');
    expect(() => new Semaphore(1.5)).toThrow('positive integer');
  });
});
