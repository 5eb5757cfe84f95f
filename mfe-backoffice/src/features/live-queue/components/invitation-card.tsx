import { Button, Card, Group, Loader, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import type { FormEvent } from 'react';
import { createInvitationBodySchema } from '@incontra/contracts/api/join-requests';
import { IT } from '@incontra/contracts/messages/it';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { FormAlert } from '../../../app/form-alert';
import { useZodForm } from '@incontra/mfe-kit/forms/use-zod-form';
import { useCompanyRooms, type StoreRooms } from '../../dashboard/api/get-company-rooms';
import { RoomsLoadError } from '../../dashboard/components/rooms-load-error';
import { useCreateInvitation } from '../api/create-invitation';
import { InvitationResult } from './invitation-result';

/** The select's options: grouped by store when there are several. */
function roomOptions(stores: StoreRooms[]) {
  const options = (store: StoreRooms) => store.rooms.map((room) => ({ value: room.id, label: room.name }));
  return stores.length > 1
    ? stores.filter((store) => store.rooms.length > 0).map((store) => ({ group: store.storeName, items: options(store) }))
    : stores.flatMap(options);
}

/** An invitation for one visitor: a room (and optionally the visitor's name) → a link and a code. */
export function InvitationCard() {
  const staff = IT_LOBBY.staff;
  const { stores, isPending, isError, retry } = useCompanyRooms();
  const create = useCreateInvitation();
  const form = useZodForm({ room: '', name: '' });
  const firstRoom = stores.flatMap((store) => store.rooms)[0]?.id ?? '';
  const room = form.values.room || firstRoom;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const name = form.values.name.trim();
    const body = form.check(createInvitationBodySchema, { room, ...(name ? { name } : {}) });
    // The name was for this visitor only: the next invitation starts blank, in the same room.
    if (body) create.mutate(body, { onSuccess: () => form.reset({ room, name: '' }), onError: form.showApiError });
  }

  let content;
  if (isPending && !firstRoom && !isError) content = <Loader size="sm" aria-label={IT.shell.loading} />;
  else if (!firstRoom && isError) {
    content = <RoomsLoadError onRetry={retry} />;
  } else if (!firstRoom) content = <Text c="dimmed">{IT_ROOM.roomsCardEmpty}</Text>;
  else {
    content = (
      <Stack>
        <form onSubmit={onSubmit} noValidate data-testid="invitation-form">
          <Stack gap="sm">
            <FormAlert message={form.formError(create.error)} />
            <NativeSelect {...form.field('room')} value={room} label={staff.room} data={roomOptions(stores)} />
            <TextInput {...form.field('name')} label={staff.invitationName} autoComplete="off" />
            <Group>
              <Button type="submit" loading={create.isPending}>
                {staff.invitationCreate}
              </Button>
            </Group>
          </Stack>
        </form>
        {create.data && <InvitationResult key={create.data.code} invitation={create.data} />}
      </Stack>
    );
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="invitation-title">
      <Title order={2} size="h4" id="invitation-title" mb="md">
        {staff.invitationTitle}
      </Title>
      {content}
    </Card>
  );
}
