/*
 * Calendar dates ('YYYY-MM-DD') and months ('YYYY-MM') as plain values: the company's days, never
 * the browser's. Arithmetic runs on UTC midnights, where no day is 23 or 25 hours long.
 */

const DAY_MS = 86_400_000;

const utcOf = (date: string) => Date.parse(`${date}T00:00:00Z`);
const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

// One formatter per zone: building one costs far more than formatting with it.
const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formats.set(timeZone, format);
  }
  return format;
}

/** The date on `timeZone`'s clock at the moment `at` (now, by default). */
export function todayIn(timeZone: string, at: number | Date = Date.now()): string {
  const parts = formatIn(timeZone).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The date an instant (ISO) falls on, on `timeZone`'s clock. */
export function dateOfInstant(instant: string, timeZone: string): string {
  return todayIn(timeZone, Date.parse(instant));
}

export function addDays(date: string, days: number): string {
  return isoOf(utcOf(date) + days * DAY_MS);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((utcOf(to) - utcOf(from)) / DAY_MS);
}

/** The Monday of the date's week (the Italian week starts on Monday). */
export function mondayOf(date: string): string {
  // getUTCDay: 0 is Sunday.
  return addDays(date, -((new Date(utcOf(date)).getUTCDay() + 6) % 7));
}

export function monthOf(date: string): string {
  return date.slice(0, 7);
}

export function addMonths(month: string, months: number): string {
  const [year = 0, index = 1] = month.split('-').map(Number);
  return isoOf(Date.UTC(year, index - 1 + months, 1)).slice(0, 7);
}

/** The month's dates in weeks from Monday to Sunday, null where a week runs into another month. */
export function weeksOf(month: string): (string | null)[][] {
  const first = `${month}-01`;
  const length = daysBetween(first, `${addMonths(month, 1)}-01`);
  const lead = daysBetween(mondayOf(first), first);
  const cells: (string | null)[] = [...Array<null>(lead).fill(null), ...Array.from({ length }, (_, day) => addDays(first, day))];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/** `[from, to]` cut into spans of at most `maxDays` days, both ends included. */
export function spansOf(from: string, to: string, maxDays: number): { from: string; to: string }[] {
  const spans: { from: string; to: string }[] = [];
  for (let start = from; daysBetween(start, to) >= 0; start = addDays(start, maxDays)) {
    const end = addDays(start, maxDays - 1);
    spans.push({ from: start, to: daysBetween(end, to) < 0 ? to : end });
  }
  return spans;
}
