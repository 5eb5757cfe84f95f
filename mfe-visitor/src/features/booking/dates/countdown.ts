import { IT_BOOKING_PAGES } from '@incontra/contracts/messages/it-booking-pages';

const J = IT_BOOKING_PAGES.join;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A wait in the coarsest unit that still says something: minutes (rounded up, so that "1 minuto"
 * never means "now") under an hour, hours under a day, then days ('2 giorni', '3 ore', '14 minuti').
 */
export function formatWait(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE));
  if (minutes < 60) return J.minutes(minutes);
  const hours = Math.round(ms / HOUR);
  if (hours < 24) return J.hours(Math.max(1, hours));
  return J.days(Math.round(ms / DAY));
}
