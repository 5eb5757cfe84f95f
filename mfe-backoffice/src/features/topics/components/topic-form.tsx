import { MultiSelect, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { topicBodySchema, type ManagedTopic } from '@incontra/contracts/api/store-management';
import type { ManagedRoom } from '@incontra/contracts/api/room-management';
import { IT_STORES } from '@incontra/contracts/messages/it-stores';
import { fieldErrorOf } from '@incontra/mfe-kit/api-error';
import { useZodForm } from '@incontra/mfe-kit/forms/use-zod-form';
import { FormAlert } from '../../../app/form-alert';
import { useSaveTopic } from '../api/save-topic';
import { FormActions } from '../../../app/management/form-actions';

const TEXT = IT_STORES.topics;

export interface TopicFormProps {
  storeId: string;
  /** The topic to change; null to create one. */
  topic: ManagedTopic | null;
  rooms: ManagedRoom[];
  onDone: () => void;
}

/** A topic's name and the rooms of its store that serve it (none chosen: all of them). */
export function TopicForm({ storeId, topic, rooms, onDone }: TopicFormProps) {
  const save = useSaveTopic();
  const form = useZodForm({ name: topic?.name ?? '' }, { rules: { name: topicBodySchema.shape.name } });
  const [roomIds, setRoomIds] = useState<string[]>(topic?.roomIds ?? []);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = form.check(topicBodySchema, { name: form.values.name, roomIds });
    if (!body) return;
    save.mutate({ storeId, topicId: topic?.id ?? null, body }, { onSuccess: onDone, onError: form.showApiError });
  }

  // The rooms' refusal (a room gone meanwhile) has no text field of the form: it goes under the choice.
  const roomsError = fieldErrorOf(save.error, 'roomIds');
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormAlert message={roomsError ? null : form.formError(save.error)} />
        <TextInput {...form.field('name')} label={TEXT.name} required data-autofocus onBlur={() => form.checkField('name')} />
        <MultiSelect
          label={TEXT.rooms}
          description={TEXT.roomsHelp}
          placeholder={roomIds.length === 0 ? TEXT.allRooms : undefined}
          data={rooms.map((room) => ({ value: room.id, label: room.name }))}
          value={roomIds}
          onChange={setRoomIds}
          error={roomsError}
          clearable
          searchable
          hidePickedOptions={false}
          comboboxProps={{ withinPortal: true }}
        />
        <FormActions onCancel={onDone} pending={save.isPending} creating={!topic} />
      </Stack>
    </form>
  );
}
