import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import type { OpeningDay } from '@incontra/contracts/api/room-management';
import { IT_ROOMS, WEEKDAY_NAMES } from '@incontra/contracts/messages/it-rooms';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { appointmentsLeftOutBy } from '../api/closing-conflict';
import { useSaveWeeklyOpening } from '../api/save-opening';
import { useClosingDecision } from '../hooks/use-closing-decision';
import { ClosingDialog } from './closing-dialog';
import { CopyDayButton } from './copy-day-button';
import { DayRanges } from './day-ranges';
import { copyDay, dayProblems, draftWeek, weeklyBody, type DraftRange, type DraftWeek } from './opening-draft';

const TEXT = IT_ROOMS.room;

export interface WeeklyOpeningEditorProps {
  roomId: string;
  weekly: OpeningDay[];
  timeZone: string;
  /** An operator reads the week; only an admin changes it. */
  readOnly: boolean;
}

/**
 * The week's opening: a row per day (Lunedì … Domenica) with its ranges, checked as they are
 * typed, copied from one day to others, saved together with one «Salva».
 */
export function WeeklyOpeningEditor({ roomId, weekly, timeZone, readOnly }: WeeklyOpeningEditorProps) {
  const save = useSaveWeeklyOpening();
  const closing = useClosingDecision(save.mutateAsync, (variables, decision) => ({ ...variables, body: { ...variables.body, ...decision } }));
  // A week that closes time over appointments asks in its dialog; any other refusal shows here.
  const refusal = save.error && !appointmentsLeftOutBy(save.error) ? apiErrorMessage(save.error) : null;
  const idPrefix = useId();
  const [week, setWeek] = useState<DraftWeek>(() => draftWeek(weekly));
  const [tried, setTried] = useState(false);
  const problems = week.map((day, index) => dayProblems(index + 1, day));
  const invalid = problems.some((dayProblems) => dayProblems.length > 0);

  const setDay = (index: number, ranges: DraftRange[]) => setWeek((current) => current.map((day, other) => (other === index ? ranges : day)));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (invalid) return;
    closing.attempt({ roomId, body: weeklyBody(week) }, (opening) => setWeek(draftWeek(opening.weekly))).catch(() => undefined);
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby={`${idPrefix}-title`}>
      <Title order={2} size="h3" id={`${idPrefix}-title`}>
        {TEXT.weeklyTitle}
      </Title>
      <Text size="sm" c="dimmed">
        {TEXT.weeklyHelp(timeZone)}
      </Text>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            {week.map((day, index) => (
              <Paper key={WEEKDAY_NAMES[index]} withBorder p="sm" role="group" aria-labelledby={`${idPrefix}-${index}`} style={{ minWidth: 0 }}>
                <Group justify="space-between" gap="xs" mb="xs" wrap="nowrap">
                  <Text fw={600} id={`${idPrefix}-${index}`}>
                    {WEEKDAY_NAMES[index]}
                  </Text>
                  {!readOnly && <CopyDayButton day={index} onCopy={(to) => setWeek((current) => copyDay(current, index, to))} />}
                </Group>
                <DayRanges
                  label={WEEKDAY_NAMES[index] ?? ''}
                  ranges={day}
                  onChange={readOnly ? undefined : (ranges) => setDay(index, ranges)}
                  problems={problems[index] ?? []}
                />
              </Paper>
            ))}
          </SimpleGrid>
          {!readOnly && (
            <>
              {tried && invalid && (
                <Alert color="red" role="alert">
                  {TEXT.weeklyInvalid}
                </Alert>
              )}
              {/* The API's refusal (the same rules, checked again there) is shown here rather than as a toast. */}
              {refusal && !invalid && !closing.pending && (
                <Alert color="red" role="alert">
                  {refusal}
                </Alert>
              )}
              <Group>
                <Button type="submit" loading={save.isPending}>
                  {TEXT.weeklySave}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </form>
      <ClosingDialog appointments={closing.pending?.appointments ?? null} onDecide={closing.decide} onBack={closing.dismiss} error={refusal} />
    </Stack>
  );
}
