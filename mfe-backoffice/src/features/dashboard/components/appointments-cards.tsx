import { SimpleGrid } from '@mantine/core';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { useDashboardAppointments } from '../hooks/use-dashboard-appointments';
import { AppointmentsCard } from './appointments-card';

const TEXT = IT_AGENDA.dashboard;
const UPCOMING_SHOWN = 5;

/**
 * «Appuntamenti di oggi» and «Prossimi appuntamenti» (the next 7 days, from now): the booked ones
 * of the stores the staff member serves, kept current as bookings come (the dashboard listens).
 */
export function AppointmentsCards() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TodaysAppointments />
      <UpcomingAppointments />
    </SimpleGrid>
  );
}

function TodaysAppointments() {
  const page = useDashboardAppointments().today;
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
  // The API filters by whole days: those of today already begun are left out here.
  const page = useDashboardAppointments().upcoming;
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
