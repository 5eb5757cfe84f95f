import { ActionIcon, Box, Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { IT_BOOKING_PAGES } from '@incontra/contracts/messages/it-booking-pages';
import { addMonths, daysBetween, monthOf, weeksOf } from '@incontra/mfe-kit/dates/calendar-dates';
import { formatDay } from '@incontra/mfe-kit/format/format-day';
import { formatMonth, WEEKDAYS } from '../dates/format-dates';

const T = IT_BOOKING_PAGES.slot;

export interface MonthCalendarProps {
  /** The month shown ('YYYY-MM'), between `firstMonth` and `lastMonth`. */
  month: string;
  firstMonth: string;
  lastMonth: string;
  onMonthChange(month: string): void;
  /** Days with free times: the only ones that can be chosen. */
  freeDates: ReadonlySet<string>;
  selected: string | null;
  onSelect(date: string): void;
  today: string;
}

/**
 * A month of days as buttons: those with free times stand out, the others are disabled. One day
 * is in the tab order (the chosen one, else the first free one); the arrow keys move among the
 * free days (left and right to the previous and next, up and down by weeks), Home and End to the
 * month's first and last, Page Up and Page Down to the month before and after.
 */
export function MonthCalendar({ month, firstMonth, lastMonth, onMonthChange, freeDates, selected, onSelect, today }: MonthCalendarProps) {
  const captionId = useId();
  const weeks = weeksOf(month);
  const free = weeks.flat().filter((date): date is string => date !== null && freeDates.has(date));
  const [active, setActive] = useState<string | null>(null);
  const tabbable = [active, selected].find((date) => date !== null && free.includes(date)) ?? free[0] ?? null;
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  // A key that changes the month focuses a day of the new one once it is drawn.
  const focusFirstOfMonth = useRef(false);
  useEffect(() => {
    if (!focusFirstOfMonth.current) return;
    focusFirstOfMonth.current = false;
    if (tabbable) buttons.current.get(tabbable)?.focus();
  });

  const canGoBack = month > firstMonth;
  const canGoOn = month < lastMonth;
  const showMonth = (next: string, focusDay = false) => {
    setActive(null);
    focusFirstOfMonth.current = focusDay;
    onMonthChange(next);
  };
  const focusDay = (date: string | undefined) => {
    if (!date) return;
    setActive(date);
    buttons.current.get(date)?.focus();
  };
  /** The nearest free day a whole number of weeks away, forwards (1) or backwards (-1). */
  const weeksAway = (from: string, direction: 1 | -1) =>
    (direction > 0 ? free : [...free].reverse()).find((date) => {
      const days = daysBetween(from, date) * direction;
      return days > 0 && days % 7 === 0;
    });
  const onKeyDown = (date: string) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = free.indexOf(date);
    const moves: Record<string, () => void> = {
      ArrowLeft: () => focusDay(free[index - 1]),
      ArrowRight: () => focusDay(free[index + 1]),
      ArrowUp: () => focusDay(weeksAway(date, -1)),
      ArrowDown: () => focusDay(weeksAway(date, 1)),
      Home: () => focusDay(free[0]),
      End: () => focusDay(free.at(-1)),
      PageUp: () => canGoBack && showMonth(addMonths(month, -1), true),
      PageDown: () => canGoOn && showMonth(addMonths(month, 1), true),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };

  return (
    <Box data-testid="month-calendar">
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <ActionIcon variant="subtle" size="lg" aria-label={T.previousMonth} disabled={!canGoBack} onClick={() => showMonth(addMonths(month, -1))}>
          <span aria-hidden="true">‹</span>
        </ActionIcon>
        <Text id={captionId} fw={700} tt="capitalize" aria-live="polite">
          {formatMonth(month)}
        </Text>
        <ActionIcon variant="subtle" size="lg" aria-label={T.nextMonth} disabled={!canGoOn} onClick={() => showMonth(addMonths(month, 1))}>
          <span aria-hidden="true">›</span>
        </ActionIcon>
      </Group>
      <table aria-labelledby={captionId} style={{ width: '100%', tableLayout: 'fixed', borderCollapse: 'separate', borderSpacing: 2 }}>
        <thead>
          <tr>
            {WEEKDAYS.map((weekday) => (
              <th key={weekday.long} scope="col" style={{ padding: 0 }}>
                <Text component="span" size="xs" c="dimmed" aria-hidden="true">
                  {weekday.short}
                </Text>
                <VisuallyHidden>{weekday.long}</VisuallyHidden>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((date, day) => (
                <td key={date ?? `empty-${day}`} style={{ padding: 0 }}>
                  {date && (
                    <Button
                      ref={(element) => {
                        if (element) buttons.current.set(date, element);
                        else buttons.current.delete(date);
                      }}
                      fullWidth
                      h={40}
                      px={0}
                      variant={date === selected ? 'filled' : freeDates.has(date) ? 'light' : 'subtle'}
                      fw={freeDates.has(date) ? 700 : 400}
                      disabled={!freeDates.has(date)}
                      // Mantine greys a disabled button's background: a day without times should recede, not stand out.
                      style={freeDates.has(date) ? undefined : { background: 'transparent' }}
                      aria-label={formatDay(date)}
                      aria-pressed={freeDates.has(date) ? date === selected : undefined}
                      aria-current={date === today ? 'date' : undefined}
                      tabIndex={date === tabbable ? 0 : -1}
                      onClick={() => {
                        setActive(date);
                        onSelect(date);
                      }}
                      onKeyDown={onKeyDown(date)}
                    >
                      {Number(date.slice(8))}
                    </Button>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <Text size="sm" c="dimmed" mt="xs">
        {T.legend}
      </Text>
    </Box>
  );
}

/** The month a calendar opens on: that of the chosen day, else of the first free one, else today's. */
export function initialMonth(selected: string | null, freeDates: ReadonlySet<string>, today: string): string {
  const first = [...freeDates].sort()[0];
  return monthOf(selected ?? first ?? today);
}
