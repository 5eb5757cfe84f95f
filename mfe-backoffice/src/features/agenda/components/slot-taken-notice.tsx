import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { formatDay } from '@incontra/mfe-kit/format/format-day';
import { alternativesOf, type FreeTime } from '../api/slot-taken';

const TEXT = IT_AGENDA.slots;

/** Free times grouped by their day, in order: a day's name once, its times under it. */
function byDay(times: readonly FreeTime[]): [string, FreeTime[]][] {
  const days = new Map<string, FreeTime[]>();
  for (const time of times) days.set(time.date, [...(days.get(time.date) ?? []), time]);
  return [...days.entries()];
}

/** «Questo orario non è più disponibile», and the nearest free times the API sent along, as buttons that choose them. */
export function SlotTakenNotice({ error, onPick }: { error: unknown; onPick: (slot: FreeTime) => void }) {
  const alternatives = alternativesOf(error);
  return (
    <Alert color="orange" role="alert" title={apiErrorMessage(error)} data-testid="slot-taken">
      {alternatives.length === 0 ? (
        <Text size="sm">{TEXT.noAlternatives}</Text>
      ) : (
        <Stack gap="xs">
          <Text size="sm">{TEXT.alternatives}</Text>
          {byDay(alternatives).map(([date, times]) => (
            <div key={date}>
              <Text size="sm" fw={600}>
                {formatDay(date)}
              </Text>
              <Group gap="xs" mt={4}>
                {times.map((slot) => (
                  <Button
                    key={slot.startsAt}
                    variant="default"
                    size="xs"
                    aria-label={TEXT.alternativeLabel(formatDay(slot.date), slot.time)}
                    onClick={() => onPick(slot)}
                  >
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
