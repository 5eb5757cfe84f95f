import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { IT_ROOMS } from '@incontra/contracts/messages/it-rooms';
import { ClockInput } from '../../../app/clock-input';
import { nextRange, type DraftRange } from './opening-draft';

const TEXT = IT_ROOMS.room;
const STEP_MINUTES = 5;
// Two times, a dash and the remove button fit on one line from a 320 px screen up.
const INPUT_WIDTH = { flex: '1 1 0', minWidth: 0, maxWidth: '8rem' };

export interface DayRangesProps {
  /** The day as a person names it («Lunedì», «Eccezione del 2 giugno»): in every control's label. */
  label: string;
  ranges: DraftRange[];
  onChange?: (ranges: DraftRange[]) => void;
  /** What is wrong with the ranges as they are (dayProblems), shown under them. */
  problems: string[];
}

/**
 * One day's opening ranges: pairs of 24-hour time fields (5-minute steps on a keyboard's arrows),
 * a way to add and to remove one, «Chiuso» when there is none. Without `onChange`, read-only.
 */
export function DayRanges({ label, ranges, onChange, problems }: DayRangesProps) {
  const problemsId = useId();
  if (!onChange) return <Text size="sm">{ranges.length === 0 ? TEXT.closed : ranges.map((range) => `${range.start}–${range.end}`).join(', ')}</Text>;

  const change = (key: number, part: 'start' | 'end', value: string) =>
    onChange(ranges.map((range) => (range.key === key ? { ...range, [part]: value } : range)));
  const invalid = problems.length > 0;
  return (
    <Stack gap="xs">
      {ranges.length === 0 && (
        <Text size="sm" c="dimmed">
          {TEXT.closed}
        </Text>
      )}
      {ranges.map((range, index) => (
        <Group key={range.key} gap="xs" wrap="nowrap" align="center">
          <ClockInput
            aria-label={TEXT.start(label, index + 1)}
            value={range.start}
            onChange={(value) => change(range.key, 'start', value)}
            stepMinutes={STEP_MINUTES}
            error={invalid}
            aria-errormessage={invalid ? problemsId : undefined}
            style={INPUT_WIDTH}
          />
          <Text aria-hidden="true">–</Text>
          <ClockInput
            aria-label={TEXT.end(label, index + 1)}
            value={range.end}
            onChange={(value) => change(range.key, 'end', value)}
            stepMinutes={STEP_MINUTES}
            error={invalid}
            aria-errormessage={invalid ? problemsId : undefined}
            style={INPUT_WIDTH}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={TEXT.removeRange(label, index + 1)}
            onClick={() => onChange(ranges.filter((other) => other.key !== range.key))}
          >
            <span aria-hidden="true">✕</span>
          </ActionIcon>
        </Group>
      ))}
      <div id={problemsId} aria-live="polite">
        {problems.map((problem) => (
          <Text key={problem} size="sm" c="red">
            {problem}
          </Text>
        ))}
      </div>
      <Group gap="xs">
        <Button variant="light" size="xs" onClick={() => onChange([...ranges, nextRange(ranges)])} aria-label={TEXT.addRangeTo(label)}>
          {TEXT.addRange}
        </Button>
      </Group>
    </Stack>
  );
}
