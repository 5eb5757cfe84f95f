import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { formatDate, formatShortDate } from './format';

/** Dates as the company reads them: the day in its time zone, not the browser's. */
export function useCompanyDates() {
  const { company } = useMfeProps();
  return {
    long: (iso: string) => formatDate(iso, company.timeZone),
    short: (iso: string) => formatShortDate(iso, company.timeZone),
  };
}
