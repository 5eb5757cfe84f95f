import { Group, Text } from '@mantine/core';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { ParticipantsIcon } from '../common/icons';

interface RoomSizeIndicatorProps {
  count: number;
  /** The room's limit; null when it has none. */
  max: number | null;
}

/** The spec's room-size indicator: the participant count and, when a maximum is set, '/' plus the maximum. */
export function RoomSizeIndicator({ count, max }: RoomSizeIndicatorProps) {
  return (
    <Group gap={6} wrap="nowrap" data-testid="room-size" aria-label={IT_ROOM.participantCount(count, max)} role="status">
      <ParticipantsIcon />
      <Text fw={600} aria-hidden="true">
        {max === null ? `${count}` : `${count}/${max}`}
      </Text>
    </Group>
  );
}
