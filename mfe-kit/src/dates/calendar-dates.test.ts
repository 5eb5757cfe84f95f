import { addDays, addMonths, dateOfInstant, daysBetween, mondayOf, monthOf, spansOf, todayIn, weeksOf } from './calendar-dates';

describe('calendar dates', () => {
  it('tells the date on the company’s clock, not the browser’s', () => {
    const lateEvening = Date.parse('2026-03-01T23:30:00Z');
    expect(todayIn('Europe/Rome', lateEvening)).toBe('2026-03-02');
    expect(todayIn('America/New_York', new Date(lateEvening))).toBe('2026-03-01');
    expect(dateOfInstant('2026-07-01T22:30:00.000Z', 'Europe/Rome')).toBe('2026-07-02');
  });

  it('counts days across months, years and the change to summer time', () => {
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-03-28', '2026-04-02')).toBe(5);
  });

  it('finds the Monday of a week, a Sunday belonging to the week before it', () => {
    expect(mondayOf('2026-03-02')).toBe('2026-03-02');
    expect(mondayOf('2026-03-05')).toBe('2026-03-02');
    expect(mondayOf('2026-03-08')).toBe('2026-03-02');
    expect(mondayOf('2026-03-01')).toBe('2026-02-23');
  });

  it('lays a month out in weeks from Monday', () => {
    const weeks = weeksOf('2026-03');
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2026-03-01']);
    expect(weeks.at(-1)).toEqual(['2026-03-30', '2026-03-31', null, null, null, null, null]);
    expect(weeks).toHaveLength(6);
  });

  it('moves across years by months', () => {
    expect(monthOf('2026-12-31')).toBe('2026-12');
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
