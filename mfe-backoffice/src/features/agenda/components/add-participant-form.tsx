import { Group, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { reservationParticipantBodySchema } from '@incontra/contracts/api/reservations';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { useZodForm } from '@incontra/mfe-kit/forms/use-zod-form';
import { FormAlert } from '../../../app/form-alert';
import { FormActions } from '../../../app/management/form-actions';
import { useAddParticipant } from '../api/add-participant';

const TEXT = IT_AGENDA.participants;
const { shape } = reservationParticipantBodySchema;

/** Name and e-mail of someone to invite; they get an e-mail with their own join link. `onDone`: invited, or given up. */
export function AddParticipantForm({ reservationId, onDone }: { reservationId: string; onDone: () => void }) {
  const add = useAddParticipant();
  const form = useZodForm({ name: '', email: '' }, { rules: { name: shape.name, email: shape.email } });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = form.check(reservationParticipantBodySchema, { reservation: reservationId, ...form.values });
    if (!body) return;
    add.mutate(body, { onSuccess: onDone, onError: form.showApiError });
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={TEXT.add}>
      <Stack gap="sm">
        <FormAlert message={form.formError(add.error)} />
        <Group align="flex-start" gap="sm" wrap="wrap">
          {/* Opened by a click on «Aggiungi partecipante»: the focus goes where the typing starts. */}
          <TextInput {...form.field('name')} label={TEXT.name} required autoComplete="off" autoFocus style={{ flex: '1 1 10rem' }} />
          <TextInput {...form.field('email')} label={TEXT.email} type="email" required autoComplete="off" style={{ flex: '1 1 12rem' }} />
        </Group>
        <FormActions onCancel={onDone} pending={add.isPending} submitLabel={TEXT.invite} />
      </Stack>
    </form>
  );
}
