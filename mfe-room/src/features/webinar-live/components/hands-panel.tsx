import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { WebinarAttendee, WebinarHand } from '@incontra/contracts/realtime/webinar-live';
import { IT_WEBINAR_LIVE } from '@incontra/contracts/messages/it-webinar-live';
import type { LiveAction } from '../session/live-client';

const T = IT_WEBINAR_LIVE.hands;
const S = IT_WEBINAR_LIVE.speaker;

interface HandsProps {
  act(action: LiveAction): boolean;
  onNotSent(): void;
}

/** Presenters: the raised hands, oldest first, each with its invitation to speak. */
export function HandsPanel({ hands, act, onNotSent }: HandsProps & { hands: readonly WebinarHand[] }) {
  if (hands.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {T.empty}
      </Text>
    );
  }
  return (
    <Stack component="ol" gap="xs" aria-label={T.list} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {hands.map((hand) => (
        <Paper component="li" key={hand.seat} withBorder p="sm" radius="md" data-testid="webinar-hand">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text style={{ overflowWrap: 'anywhere' }}>{hand.name}</Text>
            <Button size="xs" aria-label={T.inviteName(hand.name)} onClick={() => act({ type: 'invite', seat: hand.seat }) || onNotSent()}>
              {T.invite}
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** A viewer's own hand: raise it, lower it. */
export function HandControl({ raised, act, onNotSent }: HandsProps & { raised: boolean }) {
  return (
    <Stack gap="xs" align="flex-start">
      <Button variant={raised ? 'filled' : 'light'} onClick={() => act({ type: 'hand', raised: !raised }) || onNotSent()}>
        {raised ? T.lower : T.raise}
      </Button>
      {raised && (
        <Text size="sm" role="status">
          {T.raised}
        </Text>
      )}
    </Stack>
  );
}

/** Who is speaking, and the way to end the turn (the speaker itself, or a presenter). */
export function SpeakerBar({
  speaker,
  self,
  microphoneFailed,
  act,
  onNotSent,
}: HandsProps & { speaker: WebinarAttendee; self: WebinarAttendee; microphoneFailed: boolean }) {
  const mine = speaker.seat === self.seat;
  const canEnd = mine || self.role === 'presenter';
  return (
    <Alert color={mine ? 'green' : 'blue'} role="status" data-testid="webinar-speaker">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" fw={600}>
            {mine ? S.you : S.other(speaker.name)}
          </Text>
          {canEnd && (
            <Button size="xs" variant="white" color="dark" onClick={() => act({ type: 'stop-speaking' }) || onNotSent()}>
              {mine ? S.stop : S.end}
            </Button>
          )}
        </Group>
        {mine && microphoneFailed && <Text size="sm">{IT_WEBINAR_LIVE.stage.microphoneFailed}</Text>}
      </Stack>
    </Alert>
  );
}
