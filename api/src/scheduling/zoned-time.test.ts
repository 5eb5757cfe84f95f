import { addDays, dateIn, endOfDate, instantAt, nextDate, startOfDate, wallClock } from './zoned-time';

const ROME = 'Europe/Rome';
const at = (iso: string) => new Date(iso);

describe('wall-clock time in the company’s zone', () => {
  it('reads the date, weekday and time an instant has on the zone’s clock', () => {
    expect(wallClock(at('2026-10-26T09:30:00.000Z'), ROME)).toEqual({ date: '2026-10-26', weekday: 1, minutes: 630, time: '10:30' });
    // Summer time: 10:30 is 08:30Z.
    expect(wallClock(at('2026-06-01T08:30:00.000Z'), ROME)).toEqual({ date: '2026-06-01', weekday: 1, minutes: 630, time: '10:30' });
    expect(dateIn(ROME, at('2026-06-01T08:30:00.000Z'))).toBe('2026-06-01');
  });

  it('puts midnight on the new date: 00:00, never 24:00 of the day before', () => {
    expect(wallClock(at('2026-03-01T23:00:00.000Z'), ROME)).toEqual({ date: '2026-03-02', weekday: 1, minutes: 0, time: '00:00' });
    expect(wallClock(at('2026-03-01T22:59:59.999Z'), ROME)).toEqual({ date: '2026-03-01', weekday: 7, minutes: 1439, time: '23:59' });
    expect(dateIn(ROME, at('2026-03-01T22:59:59.999Z'))).toBe('2026-03-01');
    expect(dateIn(ROME, at('2026-03-01T23:00:00.000Z'))).toBe('2026-03-02');
  });

  it('runs a date between its midnights: 23 hours when the clocks go forward, 25 when they go back', () => {
    expect(startOfDate('2026-03-29', ROME)).toEqual(at('2026-03-28T23:00:00.000Z'));
    expect(endOfDate('2026-03-29', ROME)).toEqual(at('2026-03-29T22:00:00.000Z'));
    expect(startOfDate('2026-10-25', ROME)).toEqual(at('2026-10-24T22:00:00.000Z'));
    expect(endOfDate('2026-10-25', ROME)).toEqual(at('2026-10-25T23:00:00.000Z'));
    // Where a clock change skips midnight itself, the date starts at its first instant (01:00).
    expect(startOfDate('2026-09-06', 'America/Santiago')).toEqual(at('2026-09-06T04:00:00.000Z'));
  });

  it('finds the instant of a wall-clock time: none in the hour skipped, the first in the hour repeated', () => {
    expect(instantAt('2026-03-29', 90, ROME)).toEqual(at('2026-03-29T00:30:00.000Z'));
    expect(instantAt('2026-03-29', 150, ROME)).toBeNull();
    expect(instantAt('2026-03-29', 180, ROME)).toEqual(at('2026-03-29T01:00:00.000Z'));
    expect(instantAt('2026-10-25', 150, ROME)).toEqual(at('2026-10-25T00:30:00.000Z'));
    expect(instantAt('2026-10-25', 180, ROME)).toEqual(at('2026-10-25T02:00:00.000Z'));
    // 24:00 is the next date's midnight, not a time of this one.
    expect(instantAt('2026-06-01', 24 * 60, ROME)).toBeNull();
  });

  it('reads zones other than Rome the same way', () => {
    const noon = at('2026-10-26T12:00:00.000Z');
    expect(wallClock(noon, 'UTC').time).toBe('12:00');
    expect(wallClock(noon, 'America/New_York')).toEqual({ date: '2026-10-26', weekday: 1, minutes: 480, time: '08:00' });
    expect(wallClock(noon, 'Asia/Kathmandu').time).toBe('17:45');
    expect(wallClock(noon, 'Pacific/Kiritimati')).toEqual({ date: '2026-10-27', weekday: 2, minutes: 120, time: '02:00' });
    // New York goes forward on 8 March 2026 at 02:00.
    expect(instantAt('2026-03-08', 150, 'America/New_York')).toBeNull();
    expect(instantAt('2026-03-08', 180, 'America/New_York')).toEqual(at('2026-03-08T07:00:00.000Z'));
    expect(startOfDate('2026-10-26', 'Asia/Kolkata')).toEqual(at('2026-10-25T18:30:00.000Z'));
  });

  it('counts calendar dates without a zone, across months, years and leap days', () => {
    expect(nextDate('2026-12-31')).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
  });
});
