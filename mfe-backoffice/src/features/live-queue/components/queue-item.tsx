import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { formatClock } from '@incontra/mfe-kit/format/format-clock';
import { formatElapsed } from '@incontra/mfe-kit/format/format-elapsed';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import type { StaffReply } from '../api/answer-join-request';
import type { QueueAction } from '../hooks/use-queue-actions';
import type { QueueEntry } from '../realtime/queue-entries';

interface QueueItemProps {
  entry: QueueEntry;
  now: number;
  /** The action in flight for this request, if any: its button spins, the others wait. */
  pending: QueueAction | undefined;
  onApprove(): void;
  onReply(kind: StaffReply): void;
}

/** One waiting visitor: who, where, how verified, for how long, and the three answers. */
export function QueueItem({ entry, now, pending, onApprove, onReply }: QueueItemProps) {
  const { request, taken } = entry;
  const { company } = useMfeProps();
  // A reservation's visitor: the appointment's time on the company's clock before the name.
  const appointment = request.appointment ? formatClock(request.appointment.startsAt, company.timeZone) : null;
  const staff = IT_LOBBY.staff;
  const busy = request.status === 'busy';
  const locked = pending !== undefined;

  return (
    <Card component="li" withBorder padding="md" data-testid="queue-item" data-request-id={request.id} data-status={request.status} opacity={taken ? 0.6 : 1}>
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Text fw={700}>
            {appointment && <span data-testid="queue-item-appointment">{staff.appointmentAt(appointment)}</span>}
            <span data-testid="queue-item-name">{request.name}</span>
          </Text>
          {!appointment && (
            <Badge variant="light" size="sm">
              {staff.source[request.source]}
            </Badge>
          )}
          {busy && (
            <Badge color="orange" variant="light" size="sm">
              {staff.markedBusy}
            </Badge>
          )}
        </Group>
        <Text size="sm">
          <span data-testid="queue-item-store">{request.storeName}</span>
          {` · ${staff.room}: ${request.roomName}`}
        </Text>
        <Text size="sm" c={request.phoneNumber ? undefined : 'dimmed'} data-testid="queue-item-phone">
          {request.phoneNumber ? `${staff.phone}: ${request.phoneNumber}` : staff.noPhone}
        </Text>
        <Text size="sm" c="dimmed" data-testid="queue-item-waiting">
          {staff.waitingSince(formatElapsed(now - Date.parse(request.waitingSince)))}
        </Text>
        {busy && request.message && (
          <Text size="sm" fs="italic">
            {request.message}
          </Text>
        )}
        {taken ? (
          <Text size="sm" fw={600} c="orange" role="status" data-testid="queue-taken">
            {taken.by ? staff.takenBy(taken.by) : staff.alreadyTaken}
          </Text>
        ) : (
          <Group gap="xs" mt={4} role="group" aria-label={staff.actionsFor(request.name)}>
            <Button size="sm" onClick={onApprove} loading={pending === 'approve'} disabled={locked && pending !== 'approve'}>
              {staff.approve}
            </Button>
            <Button size="sm" variant="default" onClick={() => onReply('reject')} loading={pending === 'reject'} disabled={locked && pending !== 'reject'}>
              {staff.reject}
            </Button>
            <Button size="sm" variant="default" onClick={() => onReply('busy')} loading={pending === 'busy'} disabled={locked && pending !== 'busy'}>
              {staff.busy}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
