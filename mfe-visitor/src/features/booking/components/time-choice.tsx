import { Button, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { FreeSlotView } from '@incontra/contracts/api/reservations';
import { IT_BOOKING_PAGES } from '@incontra/contracts/messages/it-booking-pages';
import { formatDay } from '@incontra/mfe-kit/format/format-day';
import type { FreeTime } from '../api/slot-taken';

const T = IT_BOOKING_PAGES.slot;

export interface TimeChoiceProps {
  date: string;
  slots: readonly FreeSlotView[];
  selected: string | null;
  onSelect(slot: FreeTime): void;
}

/** The free times of one day as buttons, on the company's clock. */
export function TimeChoice({ date, slots, selected, onSelect }: TimeChoiceProps) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="xs">
      <Title order={3} size="h5" id={headingId}>
        {T.timesOf(formatDay(date))}
      </Title>
      {slots.length === 0 ? (
        <Text>{T.noTimes}</Text>
      ) : (
        <SimpleGrid cols={{ base: 3, xs: 4 }} spacing="xs">
          {slots.map((slot) => (
            <Button
              key={slot.startsAt}
              variant={slot.startsAt === selected ? 'filled' : 'default'}
              aria-pressed={slot.startsAt === selected}
              onClick={() => onSelect({ startsAt: slot.startsAt, date, time: slot.time })}
            >
              {slot.time}
            </Button>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
