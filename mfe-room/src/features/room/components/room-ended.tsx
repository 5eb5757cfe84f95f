import { Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { ROUTES } from '@incontra/contracts/routes';
import { RoomErrorAlert, type RoomErrorKind } from './room-error-alert';
import { ShellLink } from './shell-link';

interface RoomEndedProps {
  /** Why the room ended when it was not one's own choice. */
  error: RoomErrorKind | null;
  /** Back through the pre-join; not offered to someone who was removed. */
  onRejoin?(): void;
}

/** After quitting or being put out: what happened, and the way back. */
export function RoomEnded({ error, onRejoin }: RoomEndedProps) {
  return (
    <Center mih="60vh" p="md" data-testid="room-ended">
      <Paper withBorder p="xl" maw={480} w="100%">
        <Stack gap="md">
          <Title order={1} size="h3">
            {error ? IT_ROOM.endedWithErrorTitle : IT_ROOM.endedTitle}
          </Title>
          {error ? <RoomErrorAlert kind={error} /> : <Text c="dimmed">{IT_ROOM.endedText}</Text>}
          <Group>
            {onRejoin && error !== 'removed' && (
              <Button onClick={onRejoin} variant="light">
                {IT_ROOM.rejoin}
              </Button>
            )}
            <ShellLink path={ROUTES.admin}>{IT_ROOM.backToDashboard}</ShellLink>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
