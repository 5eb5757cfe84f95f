import { Alert, Anchor, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import type { StaffReservation } from '@incontra/contracts/api/reservations';
import { IT } from '@incontra/contracts/messages/it';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { dateOfInstant } from '@incontra/mfe-kit/dates/calendar-dates';
import { formatShortDay } from '@incontra/mfe-kit/format/format-day';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useSectionLink } from '../../../app/use-section-link';
import { timeRangeOf, topicNameOf } from '../../agenda/agenda-format';
import { agendaHref } from '../../agenda/hooks/use-agenda-params';

const TEXT = IT_AGENDA.dashboard;

interface AppointmentsCardProps {
  title: string;
  testId: string;
  query: Pick<UseQueryResult, 'isPending' | 'isError' | 'isFetching' | 'refetch'>;
  reservations: readonly StaffReservation[];
  /** Appointments found beyond those shown. */
  more: number;
  emptyText: string;
  /** The appointments are of several days: each says its own. */
  withDay: boolean;
}

/** A dashboard card of appointments: each a link that opens it in the agenda, and the agenda itself. */
export function AppointmentsCard({ title, testId, query, reservations, more, emptyText, withDay }: AppointmentsCardProps) {
  const titleId = useId();
  const sectionLink = useSectionLink();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId} data-testid={testId}>
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        <Anchor {...sectionLink(agendaHref())} size="sm">
          {TEXT.openAgenda}
        </Anchor>
      </Group>
      {query.isPending ? (
        <Loader size="sm" mt="md" aria-label={IT.shell.loading} />
      ) : query.isError ? (
        <Alert color="red" mt="md" role="alert">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{TEXT.loadFailed}</Text>
            <Button size="xs" variant="light" aria-label={TEXT.retry} loading={query.isFetching} onClick={() => void query.refetch()}>
              {IT.shell.retry}
            </Button>
          </Group>
        </Alert>
      ) : reservations.length === 0 ? (
        <Text c="dimmed" mt="md" role="status">
          {emptyText}
        </Text>
      ) : (
        <Stack gap={4} mt="md">
          <Stack component="ul" gap="sm" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {reservations.map((reservation) => (
              <AppointmentLine key={reservation.id} reservation={reservation} withDay={withDay} />
            ))}
          </Stack>
          {more > 0 && (
            <Text size="sm" c="dimmed">
              {TEXT.more(more)}
            </Text>
          )}
        </Stack>
      )}
    </Card>
  );
}

function AppointmentLine({ reservation, withDay }: { reservation: StaffReservation; withDay: boolean }) {
  const { company } = useMfeProps();
  const sectionLink = useSectionLink();
  const day = dateOfInstant(reservation.startsAt, company.timeZone);
  const times = timeRangeOf(reservation, company.timeZone);
  return (
    <li>
      <Anchor
        {...sectionLink(agendaHref({ day, storeId: reservation.store.id, reservationId: reservation.id }))}
        data-testid="dashboard-appointment"
        data-reservation-id={reservation.id}
        fw={500}
      >
        {withDay ? `${formatShortDay(day)}, ${times}` : times} · {reservation.customer.name}
      </Anchor>
      <Text size="xs" c="dimmed">
        {[topicNameOf(reservation), reservation.room.name, reservation.store.name].join(' · ')}
      </Text>
    </li>
  );
}
