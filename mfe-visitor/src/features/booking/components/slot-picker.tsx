import { Box, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { IT_BOOKING_PAGES } from '@incontra/contracts/messages/it-booking-pages';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { addDays, monthOf } from '@incontra/mfe-kit/dates/calendar-dates';
import type { FreeTime } from '@incontra/mfe-kit/booking/slot-taken';
import { LoadingSkeleton } from '../../../app/loading-skeleton';
import { RetryAlert } from '../../../app/retry-alert';
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
  /** How long the appointment lasts (minutes, shortest first; several when the topic's rooms differ). */
  durations: readonly number[];
}

/** 'Videochiamata di 30 minuti', or the shortest and longest when the topic's rooms differ. */
function callLength(durations: readonly number[]): string | null {
  const P = IT_BOOKING_PAGES;
  const [shortest, longest] = [durations[0], durations.at(-1)];
  if (shortest === undefined || longest === undefined) return null;
  return shortest === longest ? P.slot.callLength(P.duration(shortest)) : P.slot.callLengthBetween(P.duration(shortest), P.duration(longest));
}

/**
 * A topic's free times over the booking horizon: a month calendar of the days beside the times of
 * the day open (below it on a narrow screen). It opens on the first free day, its times already
 * shown, so that the earliest appointment is one choice away. Used to book, and to move a booking.
 */
export function SlotPicker({ storeId, topicId, date, slot, onDayChange, onTimeChange, durations }: SlotPickerProps) {
  const { slots, from, horizonDays } = useBookableSlots(storeId, topicId);
  const [month, setMonth] = useState<string | null>(null);

  if (slots.isPending) {
    return <LoadingSkeleton heights={[32, 220]} />;
  }
  if (slots.isError) {
    return <RetryAlert title={apiErrorMessage(slots.error)} onRetry={() => void slots.refetch()} />;
  }
  const { timeZone, days } = slots.data;
  const freeDays = days.filter((day) => day.slots.length > 0);
  const freeDates = new Set(freeDays.map((day) => day.date));
  const length = callLength(durations);
  if (freeDays.length === 0) return <Text data-testid="no-free-days">{IT_BOOKING_PAGES.slot.noFreeDays(horizonDays)}</Text>;
  // Nothing chosen yet: the first free day is open (its times shown), not an empty calendar.
  const open = date ?? freeDays[0]!.date;
  const day = days.find((candidate) => candidate.date === open);

  return (
    <Stack gap="md">
      <Stack gap={0}>
        {length && (
          <Text fw={500} data-testid="call-length">
            {length}
          </Text>
        )}
        <TimeZoneNote timeZone={timeZone} />
      </Stack>
      {/* Side by side while both fit (a desktop), one above the other on a phone: no breakpoint to keep in step. */}
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Box style={{ flex: '1 1 18rem', minWidth: 0 }}>
          <MonthCalendar
            month={month ?? initialMonth(open, freeDates, from)}
            firstMonth={monthOf(from)}
            lastMonth={monthOf(addDays(from, horizonDays - 1))}
            onMonthChange={setMonth}
            freeDates={freeDates}
            selected={open}
            onSelect={onDayChange}
            today={from}
          />
        </Box>
        <Box style={{ flex: '1 1 15rem', minWidth: 0 }}>
          <TimeChoice date={open} slots={day?.slots ?? []} selected={slot?.startsAt ?? null} onSelect={onTimeChange} />
        </Box>
      </Group>
    </Stack>
  );
}
