import { MultiSelect, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { topicBodySchema, type ManagedTopic } from '@incontra/contracts/api/store-management';
import type { ManagedRoom } from '@incontra/contracts/api/room-management';
import { IT_STORES } from '@incontra/contracts/messages/it-stores';
import { IT_TOPIC_PRICE } from '@incontra/contracts/messages/it-topic-price';
import { fieldErrorOf } from '@incontra/mfe-kit/api-error';
import { parseEuroAmount } from '@incontra/mfe-kit/payments/euro-amount';
import { useZodForm } from '@incontra/mfe-kit/forms/use-zod-form';
import { FormAlert } from '../../../app/form-alert';
import { useSaveTopic } from '../api/save-topic';
import { FormActions } from '../../../app/management/form-actions';

const TEXT = IT_STORES.topics;

/** The price as the field shows it: «25,00», empty for a free topic. */
const priceText = (price: number | null) => (price === null ? '' : (price / 100).toFixed(2).replace('.', ','));

/**
 * The price the field's text gives the body: empty is free (null); euros as at a counter
 * (parseEuroAmount) are cents; anything else a value the contract refuses, so that its message
 * (the bounds) is the one shown under the field.
 */
const priceOf = (text: string) => (text.trim() === '' ? null : (parseEuroAmount(text) ?? Number.NaN));

export interface TopicFormProps {
  storeId: string;
  /** The topic to change; null to create one. */
  topic: ManagedTopic | null;
  rooms: ManagedRoom[];
  onDone: () => void;
}

/** A topic's name, its price (none: free) and the rooms of its store that serve it (none chosen: all of them). */
export function TopicForm({ storeId, topic, rooms, onDone }: TopicFormProps) {
  const save = useSaveTopic();
  const form = useZodForm({ name: topic?.name ?? '', price: priceText(topic?.price ?? null) }, { rules: { name: topicBodySchema.shape.name } });
  const [roomIds, setRoomIds] = useState<string[]>(topic?.roomIds ?? []);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = form.check(topicBodySchema, { name: form.values.name, price: priceOf(form.values.price), roomIds });
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
        <TextInput
          {...form.field('price')}
          label={IT_TOPIC_PRICE.label}
          description={IT_TOPIC_PRICE.help}
          placeholder={IT_TOPIC_PRICE.placeholder}
          inputMode="decimal"
          autoComplete="off"
          maxLength={12}
        />
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
