import { Anchor, Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { ROUTES } from '@incontra/contracts/routes';
import { dateOfInstant, todayIn } from '@incontra/mfe-kit/dates/calendar-dates';
import { useNow } from '@incontra/mfe-kit/dates/use-now';
import { formatShortDay } from '@incontra/mfe-kit/format/format-day';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useSectionLink } from '../../../app/use-section-link';
import { timeRangeOf } from '../../agenda/agenda-format';
import { agendaHref } from '../../agenda/hooks/use-agenda-params';
import { useWaitingCount } from '../../live-queue/hooks/use-waiting-count';
import { useDashboardAppointments } from '../hooks/use-dashboard-appointments';

const TEXT = IT_AGENDA.dashboard;
/** While the lobby socket is down, the queue is asked this often for the dashboard (the socket keeps it current otherwise). */
export const WAITING_FIGURE_REFRESH_MS = 5_000;
/** «Prossimo appuntamento» moves on once one has started: the clock is read again this often. */
const NEXT_TICK_MS = 30_000;

/**
 * What is going on now, instead of tiles repeating the menu: visitors waiting in the live queue,
 * today's booked appointments, and the next one to come (each leading where it is handled).
 */
export function LiveFigures() {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId} mb="sm">
        {TEXT.figures}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <WaitingFigure />
        <TodayFigure />
        <NextFigure />
      </SimpleGrid>
    </section>
  );
}

function Figure({ label, value, testId, link }: { label: string; value: ReactNode; testId: string; link?: ReactNode }) {
  const labelId = useId();
  return (
    <Card withBorder padding="md" role="group" aria-labelledby={labelId} data-testid={testId}>
      <Text size="sm" fw={500} id={labelId}>
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2} mt={4}>
        {value}
      </Text>
      {link}
    </Card>
  );
}

function WaitingFigure() {
  const sectionLink = useSectionLink();
  const waiting = useWaitingCount(true, WAITING_FIGURE_REFRESH_MS);
  return (
    <Figure
      label={TEXT.waitingNow}
      value={waiting ?? TEXT.unknown}
      testId="figure-waiting"
      link={
        <Anchor {...sectionLink(ROUTES.liveQueue)} size="sm" mt={4}>
          {TEXT.openQueue}
        </Anchor>
      }
    />
  );
}

function TodayFigure() {
  const today = useDashboardAppointments().today;
  return <Figure label={TEXT.todayCount} value={today.data?.total ?? TEXT.unknown} testId="figure-today" />;
}

function NextFigure() {
  const { company } = useMfeProps();
  const sectionLink = useSectionLink();
  const now = useNow(NEXT_TICK_MS);
  const upcoming = useDashboardAppointments().upcoming;
  const next = upcoming.data?.items.find((reservation) => Date.parse(reservation.startsAt) > now);
  if (!upcoming.data) return <Figure label={TEXT.next} value={TEXT.unknown} testId="figure-next" />;
  if (!next)
    return (
      <Figure
        label={TEXT.next}
        value={
          <Text span inherit fz="md">
            {TEXT.nextNone}
          </Text>
        }
        testId="figure-next"
      />
    );
  const day = dateOfInstant(next.startsAt, company.timeZone);
  const times = timeRangeOf(next, company.timeZone);
  const when = day === todayIn(company.timeZone, now) ? TEXT.nextToday(times) : TEXT.nextOn(formatShortDay(day), times);
  return (
    <Figure
      label={TEXT.next}
      value={
        <Text span inherit fz="lg">
          {when}
        </Text>
      }
      testId="figure-next"
      link={
        <Anchor {...sectionLink(agendaHref({ day, storeId: next.store.id, reservationId: next.id }))} size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
          {next.customer.name}
        </Anchor>
      }
    />
  );
}
