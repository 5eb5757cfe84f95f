import { Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { AUDIO_ONLY } from '../../utils/stage-layout';
import { MicrophoneState } from '../tiles/microphone-state';
import { ParticipantAvatar } from '../tiles/participant-avatar';
import type { ParticipantSummary } from './participant-row';

/**
 * A participant without a camera, as a small tile of the audio-only list: initials (ringed while
 * speaking), name, role, the microphone's state, and staff's actions. One row of the list's grid.
 */
export function AudioOnlyEntry({ participant, actions }: { participant: ParticipantSummary; actions?: ReactNode }) {
  const name = participant.local ? `${participant.name} (${IT_ROOM.you})` : participant.name;
  return (
    <Group
      component="li"
      gap="xs"
      wrap="nowrap"
      px={8}
      h={AUDIO_ONLY.rowPx}
      data-identity={participant.identity}
      data-muted={String(participant.muted)}
      data-speaking={String(participant.speaking)}
      style={{ minWidth: 0, borderRadius: 'var(--mantine-radius-md)', background: 'var(--mantine-color-gray-1)' }}
    >
      <ParticipantAvatar name={participant.name} speaking={participant.speaking} size="32px" />
      <Group gap={6} wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={500} truncate="end" style={{ minWidth: 0 }}>
          {name}
        </Text>
        {participant.staff && (
          <Badge size="xs" variant="outline" color="dark" style={{ flex: '0 0 auto' }}>
            {IT_ROOM.staff}
          </Badge>
        )}
        <MicrophoneState muted={participant.muted} speaking={participant.speaking} tone="on-light" />
      </Group>
      {actions && (
        <Group gap={4} wrap="nowrap" style={{ flex: '0 0 auto' }}>
          {actions}
        </Group>
      )}
    </Group>
  );
}
