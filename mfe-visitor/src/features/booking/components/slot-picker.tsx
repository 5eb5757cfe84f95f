import { Alert, Button, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { IT } from '@incontra/contracts/messages/it';
import { IT_BOOKING_PAGES } from '@incontra/contracts/messages/it-booking-pages';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { addDays, monthOf } from '@incontra/mfe-kit/dates/calendar-dates';
import type { FreeTime } from '../api/slot-taken';
import { useBookableSlots } from '../hooks/use-bookable-slots';
import { initialMonth, MonthCalendar } from './month-calendar';
import { TimeChoice } from './time-choice';
import { TimeZoneNote } from './time-zone-note';

export interface SlotPickerProps {
  storeId: string;
  topicId: string;
  /** The day open, and the time chosen on it. */
  date: string | null;
  slot: FreeTime | null;
  onDayChange(date: string): void;
  onTimeChange(slot: FreeTime): void;
}

/**
 * A topic's free times over the booking horizon: a month calendar of the days, then the times of
 * the chosen day. Used to book, and to move a booking.
 */
export function SlotPicker({ storeId, topicId, date, slot, onDayChange, onTimeChange }: SlotPickerProps) {
  const { slots, from, horizonDays } = useBookableSlots(storeId, topicId);
  const [month, setMonth] = useState<string | null>(null);

  if (slots.isPending) {
    return (
      <Stack gap="xs" role="status">
        <VisuallyHidden>{IT.shell.loading}</VisuallyHidden>
        <Skeleton h={32} />
        <Skeleton h={220} />
      </Stack>
    );
  }
  if (slots.isError) {
    return (
      <Alert color="red" role="alert" title={apiErrorMessage(slots.error)}>
        <Button variant="light" color="red" mt="sm" onClick={() => void slots.refetch()}>
          {IT.shell.retry}
        </Button>
      </Alert>
    );
  }
  const { timeZone, days } = slots.data;
  const freeDates = new Set(days.filter((day) => day.slots.length > 0).map((day) => day.date));
  if (freeDates.size === 0) return <Text data-testid="no-free-days">{IT_BOOKING_PAGES.slot.noFreeDays(horizonDays)}</Text>;
  const day = date ? days.find((candidate) => candidate.date === date) : undefined;

  return (
    <Stack gap="md">
      <TimeZoneNote timeZone={timeZone} />
      <MonthCalendar
        month={month ?? initialMonth(date, freeDates, from)}
        firstMonth={monthOf(from)}
        lastMonth={monthOf(addDays(from, horizonDays - 1))}
        onMonthChange={setMonth}
        freeDates={freeDates}
        selected={date}
        onSelect={onDayChange}
        today={from}
      />
      {date ? (
        <TimeChoice date={date} slots={day?.slots ?? []} selected={slot?.startsAt ?? null} onSelect={onTimeChange} />
      ) : (
        <Text>{IT_BOOKING_PAGES.slot.chooseDay}</Text>
      )}
    </Stack>
  );
}
