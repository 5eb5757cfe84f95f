import type { Webinar } from '@incontra/contracts/api/webinars';
import { IT_WEBINAR_BACKOFFICE } from '@incontra/contracts/messages/it-webinar-backoffice';
import { clockText } from '@incontra/contracts/messages/it-when';
import { dateOfInstant } from '@incontra/mfe-kit/dates/calendar-dates';
import { formatNumericDay } from '@incontra/mfe-kit/format/format-day';

/*
 * A webinar's times on the company's clock, wherever the staff member's browser is: shown (the
 * day and clock are the contracts', as the agenda's), and typed (a date and a time in the
 * company's zone turned into the instant the API takes).
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

// One formatter per zone: building one costs far more than formatting with it.
const wallFormats = new Map<string, Intl.DateTimeFormat>();

/** What the zone's clock reads at `ms`, as the milliseconds of the same reading on UTC's clock. */
function wallClockOf(ms: number, timeZone: string): number {
  let format = wallFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    wallFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(ms).map((part) => [part.type, Number(part.value)]));
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
}

/**
 * The instant (ISO) the zone's clock reads `time` ('HH:MM') on `date` ('YYYY-MM-DD'); null when
 * the clocks skip that time (the hour lost when they go forward). A time read twice (the hour
 * repeated when they go back) is its first occurrence.
 */
export function instantInZone(date: string, time: string, timeZone: string): string | null {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const wall = Date.UTC(year!, month! - 1, day!, hour!, minute!);
  if (Number.isNaN(wall)) return null;
  // The zone's offsets half a day either side: the one in force, whichever side of a change the time is.
  const offsets = new Set([wall - 12 * HOUR_MS, wall + 12 * HOUR_MS].map((at) => wallClockOf(at, timeZone) - at));
  const readings = [...offsets].map((offset) => wall - offset).filter((at) => wallClockOf(at, timeZone) === wall);
  return readings.length === 0 ? null : new Date(Math.min(...readings)).toISOString();
}

/** The date and the clock ('HH:MM') an instant reads in the zone: the editor's fields for a saved start. */
export function wallTimeOf(instant: string, timeZone: string): { date: string; time: string } {
  return { date: dateOfInstant(instant, timeZone), time: clockText(instant, timeZone) };
}

/** '03/03/2026, 18:30–19:30' */
export function webinarWhen(webinar: Pick<Webinar, 'startsAt' | 'endsAt'>, timeZone: string): string {
  return IT_WEBINAR_BACKOFFICE.when(
    formatNumericDay(dateOfInstant(webinar.startsAt, timeZone)),
    clockText(webinar.startsAt, timeZone),
    clockText(webinar.endsAt, timeZone),
  );
}

/** '03/03/2026, 18:30' */
export function momentText(instant: string, timeZone: string): string {
  return IT_WEBINAR_BACKOFFICE.moment(formatNumericDay(dateOfInstant(instant, timeZone)), clockText(instant, timeZone));
}
