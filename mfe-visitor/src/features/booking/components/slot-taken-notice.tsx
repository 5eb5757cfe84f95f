import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IT_BOOKING_PAGES } from '@incontra/contracts/messages/it-booking-pages';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { formatDay } from '@incontra/mfe-kit/format/format-day';
import { alternativesOf, nearestFreeTimes, type FreeTime } from '../api/slot-taken';
import { useBookableSlots } from '../hooks/use-bookable-slots';

const T = IT_BOOKING_PAGES.slotTaken;

export interface SlotTakenNoticeProps {
  /** The 409 refusing `refused`. */
  error: unknown;
  refused: FreeTime;
  storeId: string;
  topicId: string;
  onPick(slot: FreeTime): void;
  /** Back to the whole calendar, when nothing near is free. */
  onChooseElsewhere(): void;
}

/** Free times grouped by their day, in order: a day's name once, its times under it. */
function byDay(times: readonly FreeTime[]): [string, FreeTime[]][] {
  const days = new Map<string, FreeTime[]>();
  for (const time of times) days.set(time.date, [...(days.get(time.date) ?? []), time]);
  return [...days.entries()];
}

/**
 * 'Questo orario non è più disponibile', and the free times nearest to the refused one as buttons
 * that pick them: the ones the API sent along, or else those of the availability read again after
 * the refusal (the caller refreshes it).
 */
export function SlotTakenNotice({ error, refused, storeId, topicId, onPick, onChooseElsewhere }: SlotTakenNoticeProps) {
  const { slots } = useBookableSlots(storeId, topicId);
  const fromApi = alternativesOf(error);
  const refreshed = !slots.isFetching && slots.data ? nearestFreeTimes(slots.data, refused) : null;
  const alternatives = fromApi ?? refreshed;
  return (
    <Alert color="orange" role="alert" title={apiErrorMessage(error)} data-testid="slot-taken">
      {alternatives === null ? (
        <Loader size="sm" />
      ) : alternatives.length === 0 ? (
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{T.noAlternatives}</Text>
          <Button variant="light" onClick={onChooseElsewhere}>
            {T.backToCalendar}
          </Button>
        </Stack>
      ) : (
        <Stack gap="xs">
          <Text size="sm">{T.alternatives}</Text>
          {byDay(alternatives).map(([date, times]) => (
            <div key={date}>
              <Text size="sm" fw={600}>
                {formatDay(date)}
              </Text>
              <Group gap="xs" mt={4}>
                {times.map((slot) => (
                  <Button key={slot.startsAt} variant="default" aria-label={`${formatDay(slot.date)}, ${slot.time}`} onClick={() => onPick(slot)}>
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
