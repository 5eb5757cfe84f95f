import { Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { MicrophoneState } from '../tiles/microphone-state';

export interface ParticipantSummary {
  identity: string;
  name: string;
  staff: boolean;
  local: boolean;
  muted: boolean;
  /** Speaking now (never while muted). */
  speaking: boolean;
}

/** One participant in the participants panel: name, role, the microphone's state, and staff's actions. */
export function ParticipantRow({ participant, actions }: { participant: ParticipantSummary; actions?: ReactNode }) {
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="xs" py={4} data-identity={participant.identity}>
      <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
        <Text size="sm" truncate="end">
          {participant.local ? `${participant.name} (${IT_ROOM.you})` : participant.name}
        </Text>
        {participant.staff && (
          <Badge size="xs" variant="light">
            {IT_ROOM.staff}
          </Badge>
        )}
        <MicrophoneState muted={participant.muted} speaking={participant.speaking} tone="on-light" />
      </Group>
      {actions && (
        <Group gap={4} wrap="nowrap">
          {actions}
        </Group>
      )}
    </Group>
  );
}
