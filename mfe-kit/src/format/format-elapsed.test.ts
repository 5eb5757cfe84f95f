import { formatElapsed } from './format-elapsed';

describe('formatElapsed', () => {
  it('reads m:ss under an hour, without a leading zero on the minutes', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(7_400)).toBe('0:07');
    expect(formatElapsed(65_000)).toBe('1:05');
    expect(formatElapsed(12 * 60_000 + 30_000)).toBe('12:30');
    expect(formatElapsed(3_599_999)).toBe('59:59');
  });

  it('reads h:mm:ss from the hour on', () => {
    expect(formatElapsed(3_600_000)).toBe('1:00:00');
    expect(formatElapsed(3_723_000)).toBe('1:02:03');
    expect(formatElapsed(25 * 3_600_000 + 5_000)).toBe('25:00:05');
  });

  it('reads a negative time (clocks apart) as zero', () => {
    expect(formatElapsed(-5_000)).toBe('0:00');
  });
});
