import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { StaffReservation } from '@incontra/contracts/api/reservations';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { whenOf } from '../agenda-format';
import { agendaKeys } from '../api/agenda-keys';
import { isSlotTaken, type FreeTime } from '@incontra/mfe-kit/booking/slot-taken';
import { useMoveReservation } from '../api/update-reservation';
import { SlotPicker } from './slot-picker';
import { SlotTakenNotice } from './slot-taken-notice';

const TEXT = IT_AGENDA.move;

interface MovePanelProps {
  reservation: StaffReservation & { topic: { id: string; name: string } };
  /** Back to the details, moved or not. */
  onDone: () => void;
}

/** Another day and time for the appointment, among the free times of its store and topic. */
export function MovePanel({ reservation, onDone }: MovePanelProps) {
  const { company } = useMfeProps();
  const queryClient = useQueryClient();
  const move = useMoveReservation();
  const [date, setDate] = useState<string | null>(null);
  const [slot, setSlot] = useState<FreeTime | null>(null);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const taken = isSlotTaken(move.error);
  const pick = (chosen: FreeTime) => {
    move.reset();
    setDate(chosen.date);
    setSlot(chosen);
  };
  const submit = () => {
    if (!slot) return;
    move.mutate(
      { id: reservation.id, startsAt: slot.startsAt },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (!isSlotTaken(error)) return;
          // The refused time is gone: nothing is chosen until another is, and the calendar reads afresh.
          setSlot(null);
          void queryClient.invalidateQueries({ queryKey: agendaKeys.storeSlots(company.id, reservation.store.id) });
        },
      },
    );
  };

  return (
    <Stack component="section" gap="md" aria-labelledby={headingId} data-testid="move-panel">
      <Title order={3} size="h4" id={headingId} ref={heading} tabIndex={-1}>
        {TEXT.title}
      </Title>
      <Text size="sm">{TEXT.current(whenOf(reservation, company.timeZone))}</Text>
      <SlotPicker
        storeId={reservation.store.id}
        topicId={reservation.topic.id}
        date={date}
        slot={slot}
        onDateChange={(day) => {
          move.reset();
          setDate(day);
          if (slot?.date !== day) setSlot(null);
        }}
        onSlotChange={pick}
      />
      {taken && <SlotTakenNotice error={move.error} onPick={pick} />}
      {move.isError && !taken && (
        <Alert color="red" role="alert">
          {apiErrorMessage(move.error)}
        </Alert>
      )}
      <Group justify="space-between" gap="sm">
        <Button variant="default" onClick={onDone} disabled={move.isPending}>
          {TEXT.back}
        </Button>
        <Button onClick={submit} disabled={!slot} loading={move.isPending}>
          {TEXT.confirm}
        </Button>
      </Group>
    </Stack>
  );
}
