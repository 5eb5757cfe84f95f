import { Alert, Button, Group, Loader, Stack, Text, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';
import { apiErrorMessage } from '../api-error';
import { formatDay } from '../format/format-day';
import type { FreeTime } from './slot-taken';

export interface SlotTakenNoticeProps {
  /** The 409 refusing the start (its message is the notice's title). */
  error: unknown;
  /** The free times to offer instead; null while they are still being found (a loader). */
  alternatives: readonly FreeTime[] | null;
  /** The remote's words: above the times, and when there are none. */
  texts: { alternatives: string; noAlternatives: string };
  onPick(slot: FreeTime): void;
  /** The times' buttons (the back office's denser «xs»). */
  size?: MantineSize;
  /** Under the words for none: a way on (the visitor's «Scegli dal calendario»). */
  noneAction?: ReactNode;
}

/** Free times grouped by their day, in order: a day's name once, its times under it. */
function byDay(times: readonly FreeTime[]): [string, FreeTime[]][] {
  const days = new Map<string, FreeTime[]>();
  for (const time of times) days.set(time.date, [...(days.get(time.date) ?? []), time]);
  return [...days.entries()];
}

/**
 * «Questo orario non è più disponibile», and the nearest free times as buttons that pick them,
 * grouped by day; each button is named by its day and time. The visitor's booking and the back
 * office's agenda both show it.
 */
export function SlotTakenNotice({ error, alternatives, texts, onPick, size = 'sm', noneAction }: SlotTakenNoticeProps) {
  return (
    <Alert color="orange" role="alert" title={apiErrorMessage(error)} data-testid="slot-taken">
      {alternatives === null ? (
        <Loader size="sm" />
      ) : alternatives.length === 0 ? (
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{texts.noAlternatives}</Text>
          {noneAction}
        </Stack>
      ) : (
        <Stack gap="xs">
          <Text size="sm">{texts.alternatives}</Text>
          {byDay(alternatives).map(([date, times]) => (
            <div key={date}>
              <Text size="sm" fw={600}>
                {formatDay(date)}
              </Text>
              <Group gap="xs" mt={4}>
                {times.map((slot) => (
                  <Button key={slot.startsAt} variant="default" size={size} aria-label={`${formatDay(slot.date)}, ${slot.time}`} onClick={() => onPick(slot)}>
                    {slot.time}
                  </Button>
                ))}
              </Group>
            </div>
          ))}
        </Stack>
      )}
    </Alert>
  );
}
