import { SimpleGrid } from '@mantine/core';
import { LIST_PAGE_SIZE_MAX } from '@incontra/contracts/api/list-page';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { addDays, todayIn } from '@incontra/mfe-kit/dates/calendar-dates';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useReservationsPage } from '../../agenda/api/get-reservations';
import { useAgendaRefresh } from '../../agenda/hooks/use-agenda-refresh';
import { AppointmentsCard } from './appointments-card';

const TEXT = IT_AGENDA.dashboard;
/** Today's appointments listed on the card; the others are counted. */
const TODAY_SHOWN = 8;
const UPCOMING_SHOWN = 5;
const UPCOMING_DAYS = 7;

/**
 * «Appuntamenti di oggi» and «Prossimi appuntamenti» (the next 7 days, from now): the booked ones
 * of the stores the staff member serves, kept current as bookings come.
 */
export function AppointmentsCards() {
  useAgendaRefresh();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TodaysAppointments />
      <UpcomingAppointments />
    </SimpleGrid>
  );
}

function TodaysAppointments() {
  const { company } = useMfeProps();
  const today = todayIn(company.timeZone);
  const page = useReservationsPage({ status: 'booked', from: today, to: today }, 1, TODAY_SHOWN);
  const items = page.data?.items ?? [];
  return (
    <AppointmentsCard
      title={TEXT.today}
      testId="today-appointments"
      query={page}
      reservations={items}
      more={(page.data?.total ?? 0) - items.length}
      emptyText={TEXT.todayEmpty}
      withDay={false}
    />
  );
}

function UpcomingAppointments() {
  const { company } = useMfeProps();
  const today = todayIn(company.timeZone);
  // The API filters by whole days: those of today already begun are left out here.
  const page = useReservationsPage({ status: 'booked', from: today, to: addDays(today, UPCOMING_DAYS - 1) }, 1, LIST_PAGE_SIZE_MAX);
  const now = Date.now();
  const items = page.data?.items ?? [];
  const coming = items.filter((reservation) => Date.parse(reservation.startsAt) > now);
  const begun = items.length - coming.length;
  const shown = coming.slice(0, UPCOMING_SHOWN);
  return (
    <AppointmentsCard
      title={TEXT.upcoming}
      testId="upcoming-appointments"
      query={page}
      reservations={shown}
      more={(page.data?.total ?? 0) - begun - shown.length}
      emptyText={TEXT.upcomingEmpty}
      withDay
    />
  );
}
