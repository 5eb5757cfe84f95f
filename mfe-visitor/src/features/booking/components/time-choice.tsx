import { Button, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { FreeSlotView } from '@incontra/contracts/api/reservations';
import { IT_BOOKING_PAGES } from '@incontra/contracts/messages/it-booking-pages';
import { formatDay } from '@incontra/mfe-kit/format/format-day';
import type { FreeTime } from '@incontra/mfe-kit/booking/slot-taken';

const T = IT_BOOKING_PAGES.slot;

export interface TimeChoiceProps {
  date: string;
  slots: readonly FreeSlotView[];
  selected: string | null;
  onSelect(slot: FreeTime): void;
}

/** Where an arrow key or Home/End goes from `index` among `count` times (the arrows wrap round). */
function nextIndex(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (index + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * The free times of one day, on the company's clock, as one radio group: a single tab stop (the
 * chosen time, else the first), the arrow keys move among the times, Space or Enter chooses the
 * one focused. A day of 32 times is one stop on the way to «Continua», not 32.
 */
export function TimeChoice({ date, slots, selected, onSelect }: TimeChoiceProps) {
  const headingId = useId();
  const [active, setActive] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const starts = slots.map((slot) => slot.startsAt);
  const tabbable = [active, selected].find((start) => start !== null && starts.includes(start)) ?? starts[0] ?? null;

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = nextIndex(event.key, index, slots.length);
    if (next === null) return;
    event.preventDefault();
    const start = starts[next]!;
    setActive(start);
    buttons.current.get(start)?.focus();
  };

  return (
    <Stack component="section" aria-labelledby={headingId} gap="xs">
      <Title order={3} size="h5" id={headingId}>
        {T.timesOf(formatDay(date))}
      </Title>
      {slots.length === 0 ? (
        <Text>{T.noTimes}</Text>
      ) : (
        <SimpleGrid cols={3} spacing="xs" role="radiogroup" aria-labelledby={headingId}>
          {slots.map((slot, index) => (
            <Button
              key={slot.startsAt}
              ref={(element) => {
                if (element) buttons.current.set(slot.startsAt, element);
                else buttons.current.delete(slot.startsAt);
              }}
              role="radio"
              aria-checked={slot.startsAt === selected}
              tabIndex={slot.startsAt === tabbable ? 0 : -1}
              variant={slot.startsAt === selected ? 'filled' : 'default'}
              onClick={() => {
                setActive(slot.startsAt);
                onSelect({ startsAt: slot.startsAt, date, time: slot.time });
              }}
              onKeyDown={onKeyDown(index)}
            >
              {slot.time}
            </Button>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
