import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { RESERVATION_PARTICIPANTS_MAX, type ReservationParticipant, type StaffReservationDetail } from '@incontra/contracts/api/reservations';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { AddParticipantForm } from './add-participant-form';

const TEXT = IT_AGENDA.participants;

interface ParticipantsSectionProps {
  reservation: StaffReservationDetail;
  /** Asks to withdraw an invitation (the caller confirms first). */
  onRemove: (participant: ReservationParticipant) => void;
}

/** Who else is invited, and (while the appointment is booked) inviting one more or withdrawing an invitation. */
export function ParticipantsSection({ reservation, onRemove }: ParticipantsSectionProps) {
  const titleId = useId();
  const { participants } = reservation;
  const booked = reservation.status === 'booked';
  const full = participants.length >= RESERVATION_PARTICIPANTS_MAX;
  const [adding, setAdding] = useState(false);
  // The form closed (invited, or given up): the focus goes back to the button that opened it.
  const addButton = useRef<HTMLButtonElement>(null);
  const wasAdding = useRef(false);
  useEffect(() => {
    if (wasAdding.current && !adding) addButton.current?.focus();
    wasAdding.current = adding;
  }, [adding]);

  return (
    <Stack component="section" gap="sm" aria-labelledby={titleId}>
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h4" id={titleId}>
          {TEXT.title}
        </Title>
        <Text size="sm" c="dimmed">
          {TEXT.count(participants.length, RESERVATION_PARTICIPANTS_MAX)}
        </Text>
      </Group>
      {participants.length === 0 ? (
        <Text size="sm" c="dimmed">
          {TEXT.empty}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {participants.map((participant) => (
            <Group
              component="li"
              key={participant.id}
              justify="space-between"
              gap="xs"
              wrap="nowrap"
              data-testid="participant-row"
              data-participant-id={participant.id}
            >
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {participant.name}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {participant.email}
                </Text>
              </div>
              {booked && (
                <Button variant="subtle" color="red" size="xs" onClick={() => onRemove(participant)} aria-label={TEXT.removeLabel(participant.name)}>
                  {TEXT.remove}
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}
      {!booked ? (
        <Text size="sm" c="dimmed">
          {TEXT.notBooked}
        </Text>
      ) : full ? (
        <Text size="sm">{TEXT.full(RESERVATION_PARTICIPANTS_MAX)}</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {TEXT.help}
          </Text>
          {adding ? (
            <AddParticipantForm reservationId={reservation.id} onDone={() => setAdding(false)} />
          ) : (
            <Button ref={addButton} variant="light" onClick={() => setAdding(true)} style={{ alignSelf: 'flex-start' }}>
              {TEXT.add}
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}
