import { addMonths, spansOf, todayIn, weeksOf } from './calendar-dates';

describe('calendar dates', () => {
  it('tells today on the company’s clock, not the browser’s', () => {
    const lateEvening = Date.parse('2026-03-01T23:30:00Z');
    expect(todayIn('Europe/Rome', lateEvening)).toBe('2026-03-02');
    expect(todayIn('America/New_York', lateEvening)).toBe('2026-03-01');
  });

  it('lays a month out in weeks from Monday', () => {
    const weeks = weeksOf('2026-03');
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2026-03-01']);
    expect(weeks.at(-1)).toEqual(['2026-03-30', '2026-03-31', null, null, null, null, null]);
    expect(weeks).toHaveLength(6);
  });

  it('moves across years by months', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
  });

  it('cuts a range into spans the API answers, both ends included', () => {
    expect(spansOf('2026-03-02', '2026-04-30', 62)).toEqual([{ from: '2026-03-02', to: '2026-04-30' }]);
    expect(spansOf('2026-03-02', '2026-05-03', 62)).toEqual([
      { from: '2026-03-02', to: '2026-05-02' },
      { from: '2026-05-03', to: '2026-05-03' },
    ]);
  });
});
