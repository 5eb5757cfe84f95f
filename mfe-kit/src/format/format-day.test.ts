import { formatDay, formatNumericDay, formatShortDay } from './format-day';

describe('formatDay', () => {
  it('writes a calendar date the Italian way, long, short and in figures', () => {
    expect(formatDay('2026-03-02')).toBe('lunedì 2 marzo 2026');
    expect(formatShortDay('2026-03-08')).toBe('dom 8 mar');
    expect(formatNumericDay('2026-03-02')).toBe('02/03/2026');
  });
});
