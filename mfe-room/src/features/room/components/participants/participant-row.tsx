import { Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { MicrophoneOffIcon } from '../common/icons';

export interface ParticipantSummary {
  identity: string;
  name: string;
  staff: boolean;
  local: boolean;
  muted: boolean;
}

/** One participant in a list: name, role, muted microphone, and staff's actions. */
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
        {participant.muted && (
          <span role="img" aria-label={IT_ROOM.microphoneMuted} style={{ display: 'inline-flex', color: 'var(--mantine-color-red-6)' }}>
            <MicrophoneOffIcon size={16} />
          </span>
        )}
      </Group>
      {actions && (
        <Group gap={4} wrap="nowrap">
          {actions}
        </Group>
      )}
    </Group>
  );
}
