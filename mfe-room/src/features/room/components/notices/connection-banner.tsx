import { Alert, Loader, Group, Text } from '@mantine/core';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';

/** Shown while the room is reconnecting; the call goes on underneath. */
export function ReconnectingBanner() {
  return (
    <Alert color="yellow" radius={0} py={6} role="status" aria-live="polite" data-testid="room-banner-reconnecting">
      <Group gap="xs" wrap="nowrap">
        <Loader size="xs" color="yellow" />
        <Text size="sm">{IT_ROOM.reconnecting}</Text>
      </Group>
    </Alert>
  );
}
