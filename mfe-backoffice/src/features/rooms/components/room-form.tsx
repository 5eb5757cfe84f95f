import { NativeSelect, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import * as z from 'zod/mini';
import { maxParticipantsSchema, roomBodySchema, type ManagedRoom } from '@incontra/contracts/api/room-management';
import { IT_ROOMS } from '@incontra/contracts/messages/it-rooms';
import { useZodForm } from '@incontra/mfe-kit/forms/use-zod-form';
import { FormAlert } from '../../../app/form-alert';
import type { ManagedStore } from '@incontra/contracts/api/store-management';
import { useSaveRoom } from '../api/save-room';
import { optionalNumberText } from './number-text';
import { FormActions } from '../../../app/management/form-actions';

const TEXT = IT_ROOMS.list;
const roomText = z.object({
  storeId: roomBodySchema.shape.storeId,
  name: roomBodySchema.shape.name,
  maxParticipants: optionalNumberText(maxParticipantsSchema, IT_ROOMS.validation.maxParticipants),
});

/**
 * Creates a room (`room` null) or changes one; `onDone` after it is saved or cancelled. A room
 * stays in its store (the API refuses a move), so the store is chosen at creation only.
 */
export function RoomForm({
  room,
  stores,
  defaultStoreId,
  onDone,
}: {
  room: ManagedRoom | null;
  stores: Pick<ManagedStore, 'id' | 'name'>[];
  defaultStoreId: string | null;
  onDone: () => void;
}) {
  const save = useSaveRoom();
  const form = useZodForm(
    {
      storeId: room?.storeId ?? defaultStoreId ?? '',
      name: room?.name ?? '',
      maxParticipants: room?.maxParticipants === null || !room ? '' : String(room.maxParticipants),
    },
    { rules: roomText.shape },
  );

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = form.check(roomText, form.values);
    if (!body) return;
    const saved = room ? { id: room.id, body: { name: body.name, maxParticipants: body.maxParticipants } } : { id: null, body };
    save.mutate(saved, { onSuccess: onDone, onError: form.showApiError });
  }

  const storeOptions = [
    { value: '', label: IT_ROOMS.validation.storeRequired, disabled: true },
    ...stores.map((store) => ({ value: store.id, label: store.name })),
  ];
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormAlert message={form.formError(save.error)} />
        {room ? (
          <TextInput label={IT_ROOMS.list.store} value={room.storeName} readOnly />
        ) : (
          <NativeSelect {...form.field('storeId')} label={TEXT.store} data={storeOptions} required onBlur={() => form.checkField('storeId')} />
        )}
        <TextInput {...form.field('name')} label={TEXT.name} required data-autofocus onBlur={() => form.checkField('name')} />
        <TextInput
          {...form.field('maxParticipants')}
          label={TEXT.maxParticipants}
          description={TEXT.maxParticipantsHelp}
          inputMode="numeric"
          onBlur={() => form.checkField('maxParticipants')}
        />
        <FormActions onCancel={onDone} pending={save.isPending} creating={!room} />
      </Stack>
    </form>
  );
}
