import { Alert, Button, Group, Text } from '@mantine/core';
import { IT } from '@incontra/contracts/messages/it';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';

/** The company's rooms could not be read (useCompanyRooms): say so, with a way to try again. */
export function RoomsLoadError({ onRetry, mt }: { onRetry(): void; mt?: string }) {
  return (
    <Alert color="red" mt={mt} role="alert">
      <Group justify="space-between">
        <Text size="sm">{IT_ROOM.roomsLoadFailed}</Text>
        <Button size="xs" variant="light" onClick={onRetry}>
          {IT.shell.retry}
        </Button>
      </Group>
    </Alert>
  );
}
