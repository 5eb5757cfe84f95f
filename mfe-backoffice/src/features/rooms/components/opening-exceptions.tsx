import '@mantine/dates/styles.css';
import 'dayjs/locale/it';
import { Button, Group, Indicator, Paper, Stack, Text, Title } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useId, useState } from 'react';
import type { OpeningException, RoomOpening } from '@incontra/contracts/api/room-management';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { IT_ROOMS } from '@incontra/contracts/messages/it-rooms';
import { todayIn } from '@incontra/mfe-kit/dates/calendar-dates';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { formatDay } from '@incontra/mfe-kit/format/format-day';
import { ConfirmDeleteButton } from '../../../app/management/confirm-delete';
import { ResponsiveTable, type ResponsiveColumn } from '@incontra/mfe-kit/responsive-table';
import { appointmentsLeftOutBy } from '../api/closing-conflict';
import { useDeleteException } from '../api/save-opening';
import { useClosingDecision } from '../hooks/use-closing-decision';
import { ClosingDialog } from './closing-dialog';
import { ExceptionForm } from './exception-form';

const TEXT = IT_ROOMS.room;

const hoursOf = (exception: OpeningException) =>
  exception.ranges.length === 0 ? TEXT.closed : exception.ranges.map((range) => `${range.start}–${range.end}`).join(', ');

/**
 * The dated exceptions: a calendar from today (in the company's zone) whose marked days have
 * one; choosing a day opens its form (an admin's), and the list below says what is planned.
 */
export function OpeningExceptions({ roomId, opening, readOnly }: { roomId: string; opening: RoomOpening; readOnly: boolean }) {
  const titleId = useId();
  const [selected, setSelected] = useState<string | null>(null);
  const remove = useDeleteException();
  // Removing a date's special opening may close time over appointments too: the same question.
  const closing = useClosingDecision(remove.mutateAsync, (variables, decision) => ({ ...variables, decision }));
  const refusal = remove.error && !appointmentsLeftOutBy(remove.error) ? apiErrorMessage(remove.error) : null;
  const byDate = new Map(opening.exceptions.map((exception) => [exception.date, exception]));
  const today = todayIn(opening.timeZone);
  const columns: ResponsiveColumn<OpeningException>[] = [
    { key: 'date', header: TEXT.date, render: (exception) => <time dateTime={exception.date}>{formatDay(exception.date)}</time> },
    { key: 'hours', header: TEXT.hours, render: hoursOf, words: 'whole' },
    { key: 'note', header: TEXT.note, render: (exception) => exception.note ?? '' },
  ];
  if (!readOnly) {
    columns.push({
      key: 'actions',
      header: IT_MANAGEMENT.table.actions,
      render: (exception) => (
        <Group gap="xs" wrap="nowrap">
          <Button variant="light" size="xs" onClick={() => setSelected(exception.date)} aria-label={`${IT_MANAGEMENT.form.edit} ${formatDay(exception.date)}`}>
            {IT_MANAGEMENT.form.edit}
          </Button>
          <ConfirmDeleteButton name={TEXT.exceptionDate(formatDay(exception.date))} onConfirm={() => closing.attempt({ roomId, date: exception.date })} />
        </Group>
      ),
    });
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId}>
        {TEXT.exceptionsTitle}
      </Title>
      {!readOnly && (
        <Text size="sm" c="dimmed">
          {TEXT.exceptionsHelp}
        </Text>
      )}
      <Group align="flex-start" gap="lg" wrap="wrap">
        <DatePicker
          locale="it"
          minDate={today}
          value={selected}
          onChange={(date) => setSelected(readOnly ? null : date)}
          ariaLabels={TEXT.calendar}
          getDayAriaLabel={(date) => {
            const exception = byDate.get(date);
            return exception ? `${formatDay(date)}: ${hoursOf(exception)}` : formatDay(date);
          }}
          renderDay={(date) => (
            <Indicator size={6} color="red" offset={-2} disabled={!byDate.has(date)}>
              <div>{Number(date.slice(8, 10))}</div>
            </Indicator>
          )}
        />
        {!readOnly && (
          <Paper withBorder p="sm" style={{ flex: '1 1 16rem', minWidth: 0 }}>
            {selected ? (
              <ExceptionForm key={selected} roomId={roomId} date={selected} current={byDate.get(selected) ?? null} onDone={() => setSelected(null)} />
            ) : (
              <Text size="sm" c="dimmed">
                {TEXT.chooseDate}
              </Text>
            )}
          </Paper>
        )}
      </Group>
      {opening.exceptions.length === 0 ? (
        <Text size="sm" c="dimmed" role="status">
          {TEXT.exceptionsEmpty}
        </Text>
      ) : (
        <ResponsiveTable caption={TEXT.exceptionsCaption} captionVisible columns={columns} rows={opening.exceptions} rowKey={(exception) => exception.date} />
      )}
      <ClosingDialog appointments={closing.pending?.appointments ?? null} onDecide={closing.decide} onBack={closing.dismiss} error={refusal} />
    </Stack>
  );
}
