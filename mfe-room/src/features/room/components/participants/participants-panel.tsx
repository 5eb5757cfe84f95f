import { ScrollArea, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { ParticipantRow, type ParticipantSummary } from './participant-row';
import { SidePanel } from '../layout/side-panel';

interface ParticipantsPanelProps {
  participants: ParticipantSummary[];
  actionsFor(participant: ParticipantSummary): ReactNode;
  onClose(): void;
  fullScreen: boolean;
}

/** Everyone in the room, oneself first. */
export function ParticipantsPanel({ participants, actionsFor, onClose, fullScreen }: ParticipantsPanelProps) {
  return (
    <SidePanel title={IT_ROOM.participants} onClose={onClose} fullScreen={fullScreen} testId="participants-panel">
      <ScrollArea style={{ flex: 1, minHeight: 0 }} px="md" py="sm">
        <Stack component="ul" gap={0} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {participants.map((participant) => (
            <ParticipantRow key={participant.identity} participant={participant} actions={participant.local ? null : actionsFor(participant)} />
          ))}
        </Stack>
      </ScrollArea>
    </SidePanel>
  );
}
