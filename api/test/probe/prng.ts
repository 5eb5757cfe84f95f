/**
 * A seeded pseudo-random generator (mulberry32): the probe chooses the same variants on every run,
 * so a failure seen once is seen again, and a count reported in the issue can be reproduced.
 */
export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(maxExclusive: number): number {
    return Math.floor(this.next() * maxExclusive);
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(items.length)] as T;
  }

  /** `count` distinct items in their original order (all of them when there are fewer). */
  sample<T>(items: readonly T[], count: number): T[] {
    if (count >= items.length) return [...items];
    const indexes = items.map((_, index) => index);
    for (let i = indexes.length - 1; i > 0; i -= 1) {
      const j = this.int(i + 1);
      [indexes[i], indexes[j]] = [indexes[j] as number, indexes[i] as number];
    }
    return indexes
      .slice(0, count)
      .sort((a, b) => a - b)
      .map((index) => items[index] as T);
  }
}
