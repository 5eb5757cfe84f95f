import { Alert, Loader, Group, Text } from '@mantine/core';
import { IT } from '@incontra/contracts/messages/it';

/** Shown while the room is reconnecting; the call goes on underneath. */
export function ReconnectingBanner() {
  return (
    <Alert color="yellow" radius={0} py={6} role="status" aria-live="polite" data-testid="room-banner-reconnecting">
      <Group gap="xs" wrap="nowrap">
        <Loader size="xs" color="yellow" />
        <Text size="sm">{IT.room.reconnecting}</Text>
      </Group>
    </Alert>
  );
}
