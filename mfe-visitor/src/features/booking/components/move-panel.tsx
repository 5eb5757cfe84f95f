import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { CustomerReservation } from '@incontra/contracts/api/reservations';
import { IT_BOOKING_PAGES } from '@incontra/contracts/messages/it-booking-pages';
import { minutesBetween } from '@incontra/contracts/messages/it-when';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { topicSlotsKey } from '../api/get-store-slots';
import { moveReservation, type ManageCredentials } from '../api/manage-calls';
import { isSlotTaken, type FreeTime } from '@incontra/mfe-kit/booking/slot-taken';
import { SlotPicker } from './slot-picker';
import { SlotTakenNotice } from './slot-taken-notice';

const T = IT_BOOKING_PAGES.manage;

export interface MovePanelProps {
  reservation: CustomerReservation & { topic: { id: string; name: string } };
  credentials: ManageCredentials;
  onMoved(reservation: CustomerReservation): void;
  onClose(): void;
}

/** Another day and time for the appointment, from the free times of its topic, in the same calendar as booking. */
export function MovePanel({ reservation, credentials, onMoved, onClose }: MovePanelProps) {
  const { company } = useMfeProps();
  const queryClient = useQueryClient();
  const [date, setDate] = useState<string | null>(null);
  const [slot, setSlot] = useState<FreeTime | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  useEffect(() => heading.current?.focus(), []);
  // An alternative picked after a refusal: the confirm button (enabled once the time is set) takes the focus.
  const focusConfirm = useRef(false);
  useEffect(() => {
    if (!focusConfirm.current || !slot) return;
    focusConfirm.current = false;
    confirmRef.current?.focus();
  }, [slot]);

  const slotsKey = topicSlotsKey(company.id, reservation.store.id, reservation.topic.id);
  const move = useMutation({
    mutationFn: ({ to }: { to: FreeTime }) => moveReservation(credentials, to.startsAt),
    onSuccess: (moved) => {
      // Its old time is free again, the new one taken: read afresh when the calendar opens again.
      void queryClient.invalidateQueries({ queryKey: slotsKey, refetchType: 'none' });
      onMoved(moved);
    },
    onError: async (error) => {
      if (isSlotTaken(error)) {
        // The refused time is gone from the calendar: nothing is chosen until another is picked.
        setSlot(null);
        await queryClient.invalidateQueries({ queryKey: slotsKey, refetchType: 'all' });
      }
    },
    retry: false,
  });
  const taken = isSlotTaken(move.error) && move.variables ? move.variables.to : null;

  const pick = (chosen: FreeTime) => {
    move.reset();
    setDate(chosen.date);
    setSlot(chosen);
  };

  return (
    <Stack component="section" gap="md" aria-labelledby={headingId} data-testid="move-panel">
      <Title order={2} id={headingId} ref={heading} tabIndex={-1}>
        {T.moveTitle}
      </Title>
      <SlotPicker
        storeId={reservation.store.id}
        topicId={reservation.topic.id}
        date={date}
        slot={slot}
        onDayChange={(day) => {
          move.reset();
          setDate(day);
          if (slot?.date !== day) setSlot(null);
        }}
        onTimeChange={pick}
        // Moved, it stays the same appointment: as long as it is now.
        durations={[minutesBetween(reservation.startsAt, reservation.endsAt)]}
      />
      {taken && (
        <SlotTakenNotice
          error={move.error}
          refused={taken}
          storeId={reservation.store.id}
          topicId={reservation.topic.id}
          onPick={(alternative) => {
            focusConfirm.current = true;
            pick(alternative);
          }}
          onChooseElsewhere={() => heading.current?.focus()}
        />
      )}
      {move.isError && !taken && (
        <Alert color="red" role="alert">
          {apiErrorMessage(move.error)}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onClose} disabled={move.isPending}>
          {T.moveKeep}
        </Button>
        <Button ref={confirmRef} disabled={!slot} loading={move.isPending} onClick={() => slot && move.mutate({ to: slot })}>
          {T.moveConfirm}
        </Button>
      </Group>
    </Stack>
  );
}
