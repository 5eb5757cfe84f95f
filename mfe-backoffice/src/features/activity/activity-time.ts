const cache = new Map<string, Intl.DateTimeFormat>();

/** An entry's moment as Italians write it (24/11/2026, 09:05:12), in the given IANA zone. */
export function formatActivityTime(iso: string, timeZone: string): string {
  let format = cache.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('it-IT', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZone,
    });
    cache.set(timeZone, format);
  }
  return format.format(new Date(iso));
}
