import { clockText } from '@incontra/contracts/messages/it-when';

/** '10:00': an instant on `timeZone`'s clock, 24-hour (the booking pages, the live queue's appointments); the contracts' clock, as the e-mails. */
export function formatClock(instant: string, timeZone: string): string {
  return clockText(instant, timeZone);
}
