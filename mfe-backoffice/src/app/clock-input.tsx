import { TextInput, type TextInputProps } from '@mantine/core';
import type { CSSProperties, KeyboardEvent } from 'react';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';

const DAY_MINUTES = 24 * 60;

/** Read by screen readers, not shown: the field's format and keys (its placeholder says «hh:mm»). */
const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

const two = (value: number) => String(value).padStart(2, '0');

/**
 * A time as typed, written «hh:mm»: «9» → 09:00, «930» and «9.30» → 09:30, «24» → 24:00 (the end
 * of a day). Null when it is no time of a day.
 */
export function parseClock(text: string): string | null {
  const match = /^(\d{1,2})(?:\s*[:.,h]?\s*(\d{2}))?$/i.exec(text.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2] ?? 0);
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) return null;
  return `${two(hours)}:${two(minutes)}`;
}

/**
 * The time `minutes` later (earlier when negative) on a grid of `grid` minutes: a time off the
 * grid first goes to its next mark that way (09:02 ↑ 09:05, ↓ 09:00), as a native time field's
 * arrows do; the day wraps (23:55 + 5 → 00:00).
 */
export function stepClock(time: string, minutes: number, grid = Math.abs(minutes)): string {
  const [hours = 0, mins = 0] = time.split(':').map(Number);
  const now = hours * 60 + mins;
  const snapped = minutes > 0 ? Math.ceil(now / grid) * grid : Math.floor(now / grid) * grid;
  const next = snapped === now ? now + minutes : snapped;
  const wrapped = ((next % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  return `${two(Math.floor(wrapped / 60))}:${two(wrapped % 60)}`;
}

export interface ClockInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'description' | 'styles'> {
  value: string;
  onChange(value: string): void;
  /** Minutes the arrow keys move the time by (Page Up and Page Down: an hour). */
  stepMinutes?: number;
}

/**
 * A time of day in 24-hour «hh:mm», whatever the browser's language: a text field, since a
 * native time field follows the browser's locale (09:00 AM in an English Chromium). Typed
 * freely and written out on leaving it («930» → 09:30); ↑ and ↓ move it by the step, Page Up and
 * Page Down by an hour. What is not a time stays as typed, for the form to say what is wrong.
 */
export function ClockInput({ value, onChange, stepMinutes = 5, onBlur, onKeyDown, ...props }: ClockInputProps) {
  const move = (event: KeyboardEvent<HTMLInputElement>, minutes: number) => {
    const time = parseClock(value);
    if (!time) return;
    event.preventDefault();
    onChange(stepClock(time, minutes, stepMinutes));
  };
  return (
    <TextInput
      {...props}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      maxLength={5}
      placeholder={IT_BACKOFFICE.clockField.placeholder}
      description={IT_BACKOFFICE.clockField.hint(stepMinutes)}
      styles={{ description: VISUALLY_HIDDEN }}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={(event) => {
        const time = parseClock(value);
        if (time && time !== value) onChange(time);
        onBlur?.(event);
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
        if (event.key === 'ArrowUp') move(event, stepMinutes);
        else if (event.key === 'ArrowDown') move(event, -stepMinutes);
        else if (event.key === 'PageUp') move(event, 60);
        else if (event.key === 'PageDown') move(event, -60);
      }}
    />
  );
}
