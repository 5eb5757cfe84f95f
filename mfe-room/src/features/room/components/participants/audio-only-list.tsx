import { Box, Text } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { AUDIO_ONLY } from '../../utils/stage-layout';
import { AudioOnlyEntry } from './audio-only-entry';
import type { ParticipantSummary } from './participant-row';

interface AudioOnlyListProps {
  participants: ParticipantSummary[];
  actionsFor(participant: ParticipantSummary): ReactNode;
  /** The entries' columns, as the stage layout decided them. */
  columns: number;
  /** Where the stage puts the list. */
  style?: CSSProperties;
}

/**
 * Participants without video, listed apart from the tiles (the spec's layout), in the box the
 * stage layout sized for them (AUDIO_ONLY's padding, title and rows): never below the controls.
 */
export function AudioOnlyList({ participants, actionsFor, columns, style }: AudioOnlyListProps) {
  if (participants.length === 0) return null;
  return (
    <Box
      component="section"
      aria-labelledby="audio-only-title"
      data-testid="audio-only-list"
      p={AUDIO_ONLY.paddingPx}
      style={{ ...style, overflow: 'hidden', borderRadius: 'var(--mantine-radius-md)', background: 'var(--mantine-color-body)' }}
    >
      <Text id="audio-only-title" component="h2" fw={600} size="sm" m={0} h={AUDIO_ONLY.titlePx} lh={`${AUDIO_ONLY.titlePx}px`}>
        {IT_ROOM.audioOnlyTitle}
      </Text>
      <Box
        component="ul"
        m={0}
        p={0}
        style={{ listStyle: 'none', display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: AUDIO_ONLY.gapPx }}
      >
        {participants.map((participant) => (
          <AudioOnlyEntry key={participant.identity} participant={participant} actions={actionsFor(participant)} />
        ))}
      </Box>
    </Box>
  );
}
