import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';

const formats = new Map<string, Intl.DateTimeFormat>();

/** «28/11/26, 14:05»: an instant as the company's clock reads it. */
export function formatDateTime(iso: string, timeZone: string): string {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('it-IT', { dateStyle: 'short', timeStyle: 'short', timeZone });
    formats.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

/** Instants of the point of sale in the company's zone, not the browser's. */
export function useDateTime(): (iso: string) => string {
  const { company } = useMfeProps();
  return (iso) => formatDateTime(iso, company.timeZone);
}
