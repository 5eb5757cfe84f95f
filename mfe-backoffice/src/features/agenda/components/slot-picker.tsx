import '@mantine/dates/styles.css';
import 'dayjs/locale/it';
import { Alert, Button, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useId } from 'react';
import type { FreeSlotView } from '@incontra/contracts/api/reservations';
import { IT } from '@incontra/contracts/messages/it';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { formatDay } from '@incontra/mfe-kit/format/format-day';
import { useFreeSlots } from '../api/get-free-slots';
import type { FreeTime } from '@incontra/mfe-kit/booking/slot-taken';

const TEXT = IT_AGENDA.slots;

export interface SlotPickerProps {
  storeId: string;
  /** null until a topic is chosen: free times are a topic's. */
  topicId: string | null;
  date: string | null;
  slot: FreeTime | null;
  onDateChange: (date: string | null) => void;
  onSlotChange: (slot: FreeTime) => void;
  /** The form's message about the time (none chosen). */
  error?: string;
}

/**
 * A date among those with a free time (the calendar offers no other), then one of its free times,
 * on the company's clock. Used to book for a customer and to move an appointment.
 */
export function SlotPicker({ storeId, topicId, date, slot, onDateChange, onSlotChange, error }: SlotPickerProps) {
  const { slots, from, to, horizonDays } = useFreeSlots(storeId, topicId);
  const errorLine = error ? (
    <Text c="red" size="sm" role="alert">
      {error}
    </Text>
  ) : null;

  if (topicId === null) {
    return (
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {TEXT.chooseTopic}
        </Text>
        {errorLine}
      </Stack>
    );
  }
  if (slots.isPending) return <Loader size="sm" aria-label={IT.shell.loading} />;
  if (slots.isError) {
    return (
      <Alert color="red" role="alert" title={TEXT.loadFailed}>
        <Text size="sm">{apiErrorMessage(slots.error)}</Text>
        <Button variant="light" color="red" size="xs" mt="xs" loading={slots.isFetching} onClick={() => void slots.refetch()}>
          {IT.shell.retry}
        </Button>
      </Alert>
    );
  }

  const freeDays = new Map(slots.data.days.filter((day) => day.slots.length > 0).map((day) => [day.date, day.slots]));
  if (freeDays.size === 0) return <Text size="sm">{TEXT.noFreeDays(horizonDays)}</Text>;
  return (
    <Stack gap="sm">
      <DatePickerInput
        label={TEXT.date}
        description={TEXT.timeZone(slots.data.timeZone)}
        placeholder={TEXT.chooseDate}
        locale="it"
        valueFormat="dddd D MMMM YYYY"
        value={date}
        onChange={onDateChange}
        minDate={from}
        maxDate={to}
        excludeDate={(day) => !freeDays.has(day)}
        ariaLabels={IT_AGENDA.dateNav.calendar}
        getDayAriaLabel={formatDay}
        required
        error={!date && error}
      />
      {date && <TimeChoice date={date} slots={freeDays.get(date) ?? []} selected={slot?.startsAt ?? null} onSelect={onSlotChange} />}
      {date && errorLine}
    </Stack>
  );
}

interface TimeChoiceProps {
  date: string;
  slots: readonly FreeSlotView[];
  selected: string | null;
  onSelect: (slot: FreeTime) => void;
}

/** The free times of one day as buttons; the chosen one is pressed. */
function TimeChoice({ date, slots, selected, onSelect }: TimeChoiceProps) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId}>
      <Text id={labelId} size="sm" fw={500} mb={4}>
        {TEXT.timesOf(formatDay(date))}
      </Text>
      {slots.length === 0 ? (
        <Text size="sm">{TEXT.noTimes}</Text>
      ) : (
        <SimpleGrid cols={{ base: 3, xs: 5 }} spacing="xs">
          {slots.map((slot) => (
            <Button
              key={slot.startsAt}
              variant={slot.startsAt === selected ? 'filled' : 'default'}
              aria-pressed={slot.startsAt === selected}
              onClick={() => onSelect({ startsAt: slot.startsAt, date, time: slot.time })}
              px="xs"
            >
              {slot.time}
            </Button>
          ))}
        </SimpleGrid>
      )}
    </div>
  );
}
