import { IT_BOOKING_PAGES } from './it-booking-pages';

/*
 * "When" an appointment is, in Italian, once for the API's e-mails and the pages: the day and the
 * time on the company's clock, how long it lasts and in which time zone. An instant is an ISO
 * text, a Date or milliseconds; a zone is an IANA name (the company's, checked by isTimeZone when
 * it is saved). Intl formats on both sides: Node and the browser read the same rules.
 */

export type Instant = string | number | Date;

/** What the whole sentence needs: the appointment's period and the zone its clock is read in. */
export interface AppointmentPeriod {
  startsAt: Instant;
  endsAt: Instant;
  timeZone: string;
}

// One pair of formatters per zone: building one costs far more than formatting with it.
const formats = new Map<string, { day: Intl.DateTimeFormat; clock: Intl.DateTimeFormat }>();

function formatsIn(timeZone: string) {
  let pair = formats.get(timeZone);
  if (!pair) {
    pair = {
      day: new Intl.DateTimeFormat('it-IT', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone }),
      // h23: midnight is 00:00, never 24:00.
      clock: new Intl.DateTimeFormat('it-IT', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }),
    };
    formats.set(timeZone, pair);
  }
  return pair;
}

const millisOf = (instant: Instant): number => (typeof instant === 'string' ? Date.parse(instant) : typeof instant === 'number' ? instant : instant.getTime());

/** 'lunedì 2 marzo 2026': the day an instant falls on, on `timeZone`'s clock. */
export function dayText(instant: Instant, timeZone: string): string {
  return formatsIn(timeZone).day.format(millisOf(instant));
}

/** '10:00': an instant on `timeZone`'s clock, 24-hour (seconds dropped, not rounded). */
export function clockText(instant: Instant, timeZone: string): string {
  return formatsIn(timeZone).clock.format(millisOf(instant));
}

/** 'lunedì 2 marzo 2026, 10:00': the start alone (the e-mails' subjects, a deadline, a free time chosen). */
export function whenText(instant: Instant, timeZone: string): string {
  return `${dayText(instant, timeZone)}, ${clockText(instant, timeZone)}`;
}

/** Whole minutes from one instant to another: the real time between them, whatever the clocks did. */
export function minutesBetween(startsAt: Instant, endsAt: Instant): number {
  return Math.round((millisOf(endsAt) - millisOf(startsAt)) / 60_000);
}

/** '30 minuti', '1 ora e 30 minuti': how long the appointment lasts. */
export function lengthText(startsAt: Instant, endsAt: Instant): string {
  return IT_BOOKING_PAGES.duration(minutesBetween(startsAt, endsAt));
}

/**
 * The appointment's "when", as the customer's page and every e-mail say it:
 * 'lunedì 2 marzo 2026, 10:00 · 30 minuti (fuso orario Europe/Rome)'.
 */
export function whenSentence({ startsAt, endsAt, timeZone }: AppointmentPeriod): string {
  return `${whenText(startsAt, timeZone)} · ${lengthText(startsAt, endsAt)} (fuso orario ${timeZone})`;
}
