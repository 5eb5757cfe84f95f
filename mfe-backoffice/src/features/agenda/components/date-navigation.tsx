import '@mantine/dates/styles.css';
import 'dayjs/locale/it';
import { ActionIcon, Button, Group, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { addDays, mondayOf, todayIn } from '@incontra/mfe-kit/dates/calendar-dates';
import { formatDay, formatShortDay } from '@incontra/mfe-kit/format/format-day';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';

const TEXT = IT_AGENDA.dateNav;

interface DateNavigationProps {
  view: 'day' | 'week';
  day: string;
  onChange: (day: string) => void;
}

/** The day or week shown, with the previous and next one, today, and a calendar to jump to any day. */
export function DateNavigation({ view, day, onChange }: DateNavigationProps) {
  const { company } = useMfeProps();
  const step = view === 'week' ? 7 : 1;
  const monday = mondayOf(day);
  const heading = view === 'week' ? TEXT.week(formatShortDay(monday), formatShortDay(addDays(monday, 6))) : formatDay(day);

  return (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      {/* Announced as it changes: a keyboard user stepping through the days hears where they are. */}
      <Title order={2} size="h4" aria-live="polite" style={{ flex: '1 1 14rem', minWidth: 0 }}>
        {heading}
      </Title>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <ActionIcon
          variant="default"
          size="input-sm"
          aria-label={view === 'week' ? TEXT.previousWeek : TEXT.previousDay}
          onClick={() => onChange(addDays(day, -step))}
        >
          <span aria-hidden="true">‹</span>
        </ActionIcon>
        <Button variant="default" onClick={() => onChange(todayIn(company.timeZone))}>
          {TEXT.today}
        </Button>
        <ActionIcon variant="default" size="input-sm" aria-label={view === 'week' ? TEXT.nextWeek : TEXT.nextDay} onClick={() => onChange(addDays(day, step))}>
          <span aria-hidden="true">›</span>
        </ActionIcon>
        <DatePickerInput
          label={TEXT.jumpTo}
          locale="it"
          valueFormat="D MMM YYYY"
          value={day}
          onChange={(chosen) => chosen && onChange(chosen)}
          ariaLabels={TEXT.calendar}
          getDayAriaLabel={formatDay}
          w={170}
        />
      </Group>
    </Group>
  );
}
