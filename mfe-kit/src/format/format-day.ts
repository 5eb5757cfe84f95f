import { dayText } from '@incontra/contracts/messages/it-when';

/*
 * Calendar dates in Italian. A date is the company's already, so it is formatted on UTC: no
 * browser zone can move it to the day before. The long day is the contracts' (an appointment's).
 */

const shortFormat = new Intl.DateTimeFormat('it-IT', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const numericFormat = new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });

const utcNoonOf = (date: string) => Date.parse(`${date}T12:00:00Z`);

/** 'lunedì 2 marzo 2026' */
export function formatDay(date: string): string {
  return dayText(utcNoonOf(date), 'UTC');
}

/** 'lun 2 mar' */
export function formatShortDay(date: string): string {
  return shortFormat.format(utcNoonOf(date));
}

/** '02/03/2026' */
export function formatNumericDay(date: string): string {
  return numericFormat.format(utcNoonOf(date));
}
