import { Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { ParticipantRow, type ParticipantSummary } from './participant-row';

interface AudioOnlyListProps {
  participants: ParticipantSummary[];
  actionsFor(participant: ParticipantSummary): ReactNode;
}

/** Participants without video, listed apart from the tiles (the spec's layout). */
export function AudioOnlyList({ participants, actionsFor }: AudioOnlyListProps) {
  if (participants.length === 0) return null;
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="audio-only-title" data-testid="audio-only-list">
      <Text id="audio-only-title" fw={600} size="sm" mb={4}>
        {IT_ROOM.audioOnlyTitle}
      </Text>
      <Stack component="ul" gap={0} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {participants.map((participant) => (
          <ParticipantRow key={participant.identity} participant={participant} actions={actionsFor(participant)} />
        ))}
      </Stack>
    </Paper>
  );
}
