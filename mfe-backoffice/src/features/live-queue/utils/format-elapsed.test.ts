import { formatElapsed } from './format-elapsed';

describe('formatElapsed', () => {
  it('reads like a clock, hours only when there are some', () => {
    expect(formatElapsed(7_400)).toBe('0:07');
    expect(formatElapsed(12 * 60_000 + 30_000)).toBe('12:30');
    expect(formatElapsed(3_723_000)).toBe('1:02:03');
  });

  it('reads a negative time (clocks apart) as zero', () => {
    expect(formatElapsed(-5_000)).toBe('0:00');
  });
});
