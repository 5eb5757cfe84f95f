import { Anchor, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { MouseEvent } from 'react';
import { IT } from '@incontra/contracts/messages/it';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { ROUTES } from '@incontra/contracts/routes';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useCompanyRooms } from '../api/get-company-rooms';
import { RoomsLoadError } from './rooms-load-error';

/** The company's rooms, each with a link that takes the staff member into it (the room remote's page). */
export function RoomsCard() {
  const { stores, isPending, isError, retry } = useCompanyRooms();
  const { navigate } = useMfeProps();
  const enter = (path: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    // Modified clicks keep the browser's behaviour (new tab); a plain click goes through the shell.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(path);
  };
  const rooms = stores.flatMap((store) => store.rooms.map((room) => ({ room, storeName: store.storeName })));
  const showStore = stores.length > 1;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="rooms-card-title" data-testid="rooms-card">
      <Title order={2} size="h4" id="rooms-card-title">
        {IT_ROOM.roomsCardTitle}
      </Title>
      {isPending && rooms.length === 0 && !isError ? (
        <Loader size="sm" mt="md" aria-label={IT.shell.loading} />
      ) : isError && rooms.length === 0 ? (
        <RoomsLoadError mt="md" onRetry={retry} />
      ) : rooms.length === 0 ? (
        <Text c="dimmed" mt="md">
          {IT_ROOM.roomsCardEmpty}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" mt="md" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rooms.map(({ room, storeName }) => {
            const path = `${ROUTES.room}/${room.id}`;
            return (
              <Group component="li" key={room.id} justify="space-between" wrap="wrap" gap="xs">
                <div>
                  <Text fw={600}>{room.name}</Text>
                  {showStore && (
                    <Text size="sm" c="dimmed">
                      {storeName}
                    </Text>
                  )}
                </div>
                <Anchor href={path} onClick={enter(path)} aria-label={`${IT_ROOM.enterRoom}: ${room.name}`} data-room-id={room.id}>
                  {IT_ROOM.enterRoom}
                </Anchor>
              </Group>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
