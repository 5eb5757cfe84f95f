import { LIST_PAGE_SIZE_MAX } from '@incontra/contracts/api/list-page';
import { addDays, todayIn } from '@incontra/mfe-kit/dates/calendar-dates';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useReservationsPage } from '../../agenda/api/get-reservations';

/** Today's appointments listed on their card; the others are counted. */
export const TODAY_SHOWN = 8;
/** The days «Prossimi appuntamenti» and «Prossimo appuntamento» look ahead, today included. */
export const UPCOMING_DAYS = 7;

/**
 * The dashboard's two questions about booked appointments, asked once for the cards and the
 * figures alike (the same query keys): today's (a page, with their count), and those of the
 * next days (all of them, to find the next one to come). Kept current by the agenda's socket.
 */
export function useDashboardAppointments() {
  const { company } = useMfeProps();
  const today = todayIn(company.timeZone);
  return {
    today: useReservationsPage({ status: 'booked', from: today, to: today }, 1, TODAY_SHOWN),
    upcoming: useReservationsPage({ status: 'booked', from: today, to: addDays(today, UPCOMING_DAYS - 1) }, 1, LIST_PAGE_SIZE_MAX),
  };
}
