import {
  dayOverlapMessage,
  firstOverlap,
  minutesOf,
  rangeText,
  timeRangeSchema,
  type OpeningDay,
  type TimeRange,
} from '@incontra/contracts/api/room-management';
import { IT_ROOMS } from '@incontra/contracts/messages/it-rooms';

/*
 * The opening as the editor holds it: ranges as typed in its time fields (ClockInput). An end of
 * 00:00 is midnight at the end of the day (sent as "24:00", which may be typed too; the native
 * time inputs these fields replaced could not show it); a start of 00:00 is the start of the day.
 */

export interface DraftRange {
  /** Stable React key of the row (ranges are added and removed in the middle). */
  key: number;
  start: string;
  end: string;
}

/** Seven days, Monday first. */
export type DraftWeek = DraftRange[][];

let nextKey = 1;
export const draftRange = (start: string, end: string): DraftRange => ({ key: nextKey++, start, end });

const shownEnd = (end: string) => (end === '24:00' ? '00:00' : end);
const sentEnd = (end: string) => (end === '00:00' ? '24:00' : end);

export function draftDay(ranges: readonly TimeRange[]): DraftRange[] {
  return ranges.map((range) => draftRange(range.start, shownEnd(range.end)));
}

export function draftWeek(weekly: readonly OpeningDay[]): DraftWeek {
  return [1, 2, 3, 4, 5, 6, 7].map((weekday) => draftDay(weekly.find((day) => day.weekday === weekday)?.ranges ?? []));
}

/** The ranges as the API takes them. */
export function sentRanges(day: readonly DraftRange[]): TimeRange[] {
  return day.map((range) => ({ start: range.start, end: sentEnd(range.end) }));
}

export function weeklyBody(week: DraftWeek): { weekly: OpeningDay[] } {
  return { weekly: week.map((day, index) => ({ weekday: index + 1, ranges: sentRanges(day) })) };
}

/**
 * What is wrong with a day, as it is typed: each range's first problem (an empty or badly written
 * time, an end not after the start), then, once every range is right, the first overlap.
 * `weekday` null: an exception date, whose message names no day.
 */
export function dayProblems(weekday: number | null, day: readonly DraftRange[]): string[] {
  const ranges = sentRanges(day);
  const problems = ranges.flatMap((range) => {
    const result = timeRangeSchema.safeParse(range);
    return result.success ? [] : [result.error.issues[0]?.message ?? IT_ROOMS.validation.time];
  });
  if (problems.length > 0) return [...new Set(problems)];
  if (weekday !== null) {
    const overlap = dayOverlapMessage(weekday, ranges);
    return overlap ? [overlap] : [];
  }
  const overlap = firstOverlap(ranges);
  if (!overlap) return [];
  const message = IT_ROOMS.validation.overlap(rangeText(overlap[0]), rangeText(overlap[1]));
  return [message.charAt(0).toUpperCase() + message.slice(1)];
}

const asTime = (minutes: number) => `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A new range after the day's last one (an hour from its end), or 09:00–13:00 on a closed day. */
export function nextRange(day: readonly DraftRange[]): DraftRange {
  const last = day.at(-1);
  if (!last || !/^\d\d:\d\d$/.test(last.end)) return draftRange('09:00', '13:00');
  const start = minutesOf(sentEnd(last.end));
  if (start >= 24 * 60) return draftRange('09:00', '13:00');
  return draftRange(asTime(start), asTime(Math.min(start + 60, 24 * 60)));
}

/** The week with `from`'s ranges (fresh rows) on each of `to` (indexes, Monday 0). */
export function copyDay(week: DraftWeek, from: number, to: readonly number[]): DraftWeek {
  const source = week[from] ?? [];
  return week.map((day, index) => (to.includes(index) && index !== from ? source.map((range) => draftRange(range.start, range.end)) : day));
}
