import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useId, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { roomSlotsSchema, type RoomSlots } from '@incontra/contracts/api/room-management';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { IT_ROOMS } from '@incontra/contracts/messages/it-rooms';
import { useZodForm } from '@incontra/mfe-kit/forms/use-zod-form';
import { FormAlert } from '../../../app/form-alert';
import { useSaveSlots } from '../api/save-slots';
import { numberText } from './number-text';

const TEXT = IT_ROOMS.room;
const slotsText = z.object({
  reservationSlots: numberText(roomSlotsSchema.shape.reservationSlots, IT_ROOMS.validation.reservationSlots),
  slotDuration: numberText(roomSlotsSchema.shape.slotDuration, IT_ROOMS.validation.slotDuration),
});

/** How many appointments the room takes at once, and how long each lasts. Read-only for an operator. */
export function SlotsForm({ roomId, slots, readOnly }: { roomId: string; slots: RoomSlots; readOnly: boolean }) {
  const titleId = useId();
  const save = useSaveSlots();
  const form = useZodForm(
    { reservationSlots: String(slots.reservationSlots), slotDuration: String(slots.slotDuration) },
    { rules: { reservationSlots: slotsText.shape.reservationSlots, slotDuration: slotsText.shape.slotDuration } },
  );

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = form.check(slotsText, form.values);
    if (!body) return;
    save.mutate({ roomId, slots: body }, { onError: form.showApiError });
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={titleId}>
          {TEXT.slotsTitle}
        </Title>
        <FormAlert message={form.formError(save.error)} />
        <Group gap="md" align="flex-start" wrap="wrap">
          <TextInput
            {...form.field('reservationSlots')}
            label={TEXT.reservationSlots}
            description={TEXT.reservationSlotsHelp}
            inputMode="numeric"
            readOnly={readOnly}
            onBlur={() => form.checkField('reservationSlots')}
            style={{ flex: '1 1 14rem' }}
          />
          <TextInput
            {...form.field('slotDuration')}
            label={TEXT.slotDuration}
            inputMode="numeric"
            readOnly={readOnly}
            onBlur={() => form.checkField('slotDuration')}
            style={{ flex: '1 1 14rem' }}
          />
        </Group>
        {!readOnly && (
          <Group>
            <Button type="submit" loading={save.isPending}>
              {IT_MANAGEMENT.form.save}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
