/** '10:00': an instant on `timeZone`'s clock, 24-hour (the booking pages, the live queue's appointments). */
export function formatClock(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('it-IT', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(Date.parse(instant));
}
