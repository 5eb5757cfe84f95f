import { DateTime } from 'luxon';

/*
 * Wall-clock time in a company's zone (an IANA name), for booking and opening hours alike: the
 * date an instant falls on, the clock it reads, the instants a date runs between, and the instant
 * of a wall-clock time on a date. Dates are "YYYY-MM-DD" text, times minutes after midnight. The
 * days the clocks change are the zone's rules, never a fixed 24 hours. Saying it in Italian is the
 * contracts' it-when.
 */

/** An instant as the zone's clock reads it. */
export interface WallClock {
  date: string;
  /** 1 Monday … 7 Sunday. */
  weekday: number;
  /** Minutes after midnight (0–1439). */
  minutes: number;
  /** "HH:MM", 24-hour. */
  time: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The calendar date ("YYYY-MM-DD") at `at` in the zone. */
export function dateIn(timeZone: string, at: Date): string {
  return DateTime.fromJSDate(at, { zone: timeZone }).toISODate()!;
}

/** What the zone's clock reads at `at`: its date, weekday and time. */
export function wallClock(at: Date, timeZone: string): WallClock {
  const local = DateTime.fromJSDate(at, { zone: timeZone });
  return { date: local.toISODate()!, weekday: local.weekday, minutes: local.hour * 60 + local.minute, time: `${pad(local.hour)}:${pad(local.minute)}` };
}

/** The calendar date `days` after `date` (before, when negative), zone-free. */
export function addDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

/** The day after `date`. */
export const nextDate = (date: string): string => addDays(date, 1);

/** Midnight of the date in the zone: its first instant (later than 00:00 when a clock change skips midnight itself). */
export function zonedMidnight(date: string, timeZone: string): DateTime {
  return DateTime.fromISO(date, { zone: timeZone }).startOf('day');
}

/** The first instant of the date in the zone. */
export function startOfDate(date: string, timeZone: string): Date {
  return zonedMidnight(date, timeZone).toJSDate();
}

/** The first instant after the date in the zone (the next date's start): a date runs over [startOfDate, endOfDate). */
export function endOfDate(date: string, timeZone: string): Date {
  return zonedMidnight(nextDate(date), timeZone).toJSDate();
}

/**
 * The wall-clock time `minutes` after midnight on `day` (a zoned midnight), as an instant; null
 * when that time does not exist there (the hour skipped when the clocks go forward). A time that
 * exists twice (the hour repeated when they go back) is taken once, at its first occurrence.
 */
export function wallTimeOn(day: DateTime, minutes: number): DateTime | null {
  const hour = Math.floor(minutes / 60);
  const minute = minutes % 60;
  const candidate = day.set({ hour, minute, second: 0, millisecond: 0 });
  if (candidate.hour !== hour || candidate.minute !== minute || !candidate.hasSame(day, 'day')) return null;
  // In a repeated hour Luxon may pick either offset: the earlier instant is the first occurrence.
  const earlier = candidate.minus({ hours: 1 });
  return earlier.hour === hour && earlier.minute === minute && earlier.hasSame(day, 'day') ? earlier : candidate;
}

/** The instant the zone's clock reads `minutes` after midnight on `date`; null when the clocks skip it. */
export function instantAt(date: string, minutes: number, timeZone: string): Date | null {
  return wallTimeOn(zonedMidnight(date, timeZone), minutes)?.toJSDate() ?? null;
}

/** A `time` column's value (09:00:00) as the contracts' ranges write it (09:00). */
export const hhmm = (time: string): string => time.slice(0, 5);
