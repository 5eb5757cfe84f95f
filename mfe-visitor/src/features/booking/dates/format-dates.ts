/*
 * Months and weekdays in Italian as the booking pages say them (a day: the kit's formatDay; an
 * appointment's when: the contracts' it-when, as the e-mails). A month is the company's already,
 * so it is formatted on UTC.
 */

const monthFormat = new Intl.DateTimeFormat('it-IT', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const weekdayFormat = (width: 'short' | 'long') => new Intl.DateTimeFormat('it-IT', { weekday: width, timeZone: 'UTC' });

/** 'marzo 2026' */
export function formatMonth(month: string): string {
  return monthFormat.format(Date.parse(`${month}-01T00:00:00Z`));
}

/** The week's days from Monday: 'lun' to read, 'lunedì' to hear. */
export const WEEKDAYS: readonly { short: string; long: string }[] = Array.from({ length: 7 }, (_, index) => {
  // 5 January 2026 was a Monday.
  const day = Date.UTC(2026, 0, 5 + index);
  return { short: weekdayFormat('short').format(day), long: weekdayFormat('long').format(day) };
});

/** The zone the visitor's browser lives in. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
