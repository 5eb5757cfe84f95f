import { IT_WEBINAR_PAGES } from '@incontra/contracts/messages/it-webinar-pages';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * The wait before the start: hours and minutes under a day ('25 minuti', '2 ore e 5 minuti'), then
 * days. Minutes round up, so that '1 minuto' never means "now".
 */
export function waitText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE));
  if (ms < DAY) return IT_WEBINAR_PAGES.minutes(minutes);
  return IT_WEBINAR_PAGES.days(Math.round(ms / DAY));
}
