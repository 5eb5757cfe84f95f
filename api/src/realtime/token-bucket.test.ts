import { TokenBucket } from './token-bucket';

describe('TokenBucket', () => {
  it('allows the burst at once, then refills at the rate', () => {
    let now = 0;
    const bucket = new TokenBucket({ burst: 3, perSecond: 2, now: () => now });
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    now += 500;
    expect([bucket.take(), bucket.take()]).toEqual([true, false]);
    now += 60_000;
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
  });
});
