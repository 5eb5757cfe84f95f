import { Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { StaffReservation } from '@incontra/contracts/api/reservations';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { addDays, dateOfInstant, mondayOf, todayIn } from '@incontra/mfe-kit/dates/calendar-dates';
import { formatDay, formatShortDay } from '@incontra/mfe-kit/format/format-day';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useAllReservations } from '../api/get-reservations';
import { AgendaItem } from './agenda-item';
import { ReservationsState } from './reservations-state';

const TEXT = IT_AGENDA.week;

interface WeekViewProps {
  storeId: string;
  roomId: string | null;
  /** Any day of the week shown. */
  day: string;
  onOpen: (id: string) => void;
  /** A day's heading opens that day in the day view. */
  onOpenDay: (day: string) => void;
}

/** The week from Monday to Sunday, a day under another on a phone, seven side by side on a wide screen. */
export function WeekView({ storeId, roomId, day, onOpen, onOpenDay }: WeekViewProps) {
  const { company } = useMfeProps();
  const monday = mondayOf(day);
  const days = Array.from({ length: 7 }, (_, index) => addDays(monday, index));
  const reservations = useAllReservations({ store: storeId, room: roomId ?? undefined, from: monday, to: days[6] });
  const today = todayIn(company.timeZone);

  return (
    <ReservationsState query={reservations} emptyText={TEXT.empty}>
      {(rows) => {
        const byDay = new Map<string, StaffReservation[]>();
        for (const reservation of rows) {
          const date = dateOfInstant(reservation.startsAt, company.timeZone);
          byDay.set(date, [...(byDay.get(date) ?? []), reservation]);
        }
        return (
          <SimpleGrid cols={{ base: 1, sm: 2, xl: 7 }} spacing="sm">
            {days.map((date) => (
              <WeekDay key={date} date={date} today={date === today} reservations={byDay.get(date) ?? []} onOpen={onOpen} onOpenDay={onOpenDay} />
            ))}
          </SimpleGrid>
        );
      }}
    </ReservationsState>
  );
}

interface WeekDayProps {
  date: string;
  today: boolean;
  reservations: StaffReservation[];
  onOpen: (id: string) => void;
  onOpenDay: (day: string) => void;
}

function WeekDay({ date, today, reservations, onOpen, onOpenDay }: WeekDayProps) {
  return (
    <Paper
      withBorder
      p="xs"
      component="section"
      aria-label={formatDay(date)}
      data-testid="agenda-day"
      bg="var(--mantine-color-default-hover)"
      style={today ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      <Title order={3} size="h6" mb="xs">
        <UnstyledButton onClick={() => onOpenDay(date)} className="mantine-focus-auto" title={TEXT.openDay(formatDay(date))} fw={700} fz="sm">
          {formatShortDay(date)}
          {today && ` · ${IT_AGENDA.dateNav.today}`}
        </UnstyledButton>
      </Title>
      {reservations.length === 0 ? (
        <Text size="xs" c="dimmed">
          {TEXT.dayEmpty}
        </Text>
      ) : (
        <Stack component="ul" gap={6} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {reservations.map((reservation) => (
            <li key={reservation.id}>
              <AgendaItem reservation={reservation} onOpen={onOpen} showRoom />
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
