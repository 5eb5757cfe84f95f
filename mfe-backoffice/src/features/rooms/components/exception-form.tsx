import { Button, Checkbox, Group, Stack, TextInput, Title } from '@mantine/core';
import type { FormEvent } from 'react';
import { openingExceptionBodySchema, type OpeningException } from '@incontra/contracts/api/room-management';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { IT_ROOMS } from '@incontra/contracts/messages/it-rooms';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { formatDay } from '@incontra/mfe-kit/format/format-day';
import { useZodForm } from '@incontra/mfe-kit/forms/use-zod-form';
import { FormAlert } from '../../../app/form-alert';
import { appointmentsLeftOutBy } from '../api/closing-conflict';
import { useSaveException } from '../api/save-opening';
import { useClosingDecision } from '../hooks/use-closing-decision';
import { ClosingDialog } from './closing-dialog';
import { DayRanges } from './day-ranges';
import { dayProblems, draftDay, nextRange, sentRanges } from './opening-draft';

const TEXT = IT_ROOMS.room;

/** A date's exception: closed all day, or open at special hours; with a note. */
export function ExceptionForm({ roomId, date, current, onDone }: { roomId: string; date: string; current: OpeningException | null; onDone: () => void }) {
  const save = useSaveException();
  const closing = useClosingDecision(save.mutateAsync, (variables, decision) => ({ ...variables, body: { ...variables.body, ...decision } }));
  // A date that closes time over appointments asks in its dialog; any other refusal shows here.
  const refusal = save.error && !appointmentsLeftOutBy(save.error) ? apiErrorMessage(save.error) : null;
  const form = useZodForm(
    {
      closed: current ? current.ranges.length === 0 : true,
      ranges: current && current.ranges.length > 0 ? draftDay(current.ranges) : [nextRange([])],
      note: current?.note ?? '',
    },
    { rules: { note: openingExceptionBodySchema.shape.note } },
  );
  const { closed, ranges, note } = form.values;
  const label = TEXT.exceptionDate(formatDay(date));
  // The ranges are checked as they are drawn; the note on leaving it, on saving, then as it is typed.
  const problems = closed ? [] : dayProblems(null, ranges);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const noteFine = form.checkField('note');
    if (problems.length > 0 || !noteFine) return;
    closing.attempt({ roomId, body: { date, ranges: closed ? [] : sentRanges(ranges), note } }, onDone).catch(() => undefined);
  }

  return (
    <>
      <form onSubmit={onSubmit} noValidate aria-label={label}>
        <Stack gap="sm">
          <Title order={3} size="h4">
            {label}
          </Title>
          <FormAlert message={closing.pending ? null : refusal} />
          <Checkbox {...form.checkbox('closed')} label={TEXT.exceptionClosed} />
          {!closed && <DayRanges label={formatDay(date)} ranges={ranges} onChange={form.control('ranges').onChange} problems={problems} />}
          <TextInput {...form.field('note')} label={TEXT.exceptionNote} description={TEXT.exceptionNoteHelp} onBlur={() => form.checkField('note')} />
          <Group gap="sm">
            <Button type="submit" loading={save.isPending}>
              {TEXT.exceptionSave}
            </Button>
            <Button variant="default" onClick={onDone} disabled={save.isPending}>
              {IT_MANAGEMENT.form.cancel}
            </Button>
          </Group>
        </Stack>
      </form>
      <ClosingDialog appointments={closing.pending?.appointments ?? null} onDecide={closing.decide} onBack={closing.dismiss} error={refusal} />
    </>
  );
}
