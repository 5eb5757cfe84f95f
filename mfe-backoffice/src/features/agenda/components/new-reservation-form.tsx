import { Loader, NativeSelect, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { RESERVATION_NOTES_MAX, staffReservationBodySchema, type StaffReservation } from '@incontra/contracts/api/reservations';
import type { ManagedStore } from '@incontra/contracts/api/store-management';
import { IT } from '@incontra/contracts/messages/it';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { useZodForm } from '@incontra/mfe-kit/forms/use-zod-form';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { FormAlert } from '../../../app/form-alert';
import { FormActions } from '../../../app/management/form-actions';
import { agendaKeys } from '../api/agenda-keys';
import { useCreateReservation } from '../api/create-reservation';
import { useTopics } from '../../../api/stores/get-topics';
import { isSlotTaken, type FreeTime } from '@incontra/mfe-kit/booking/slot-taken';
import { SlotPicker } from './slot-picker';
import { SlotTakenNotice } from './slot-taken-notice';

const TEXT = IT_AGENDA.create;
const { shape } = staffReservationBodySchema;

interface NewReservationFormProps {
  stores: ManagedStore[];
  /** The store the agenda shows: chosen to begin with. */
  storeId: string;
  /** Leaving without booking. */
  onDone: () => void;
  /** Booked: the agenda shows it on its day. */
  onCreated: (created: StaffReservation) => void;
}

/** The date and time chosen, and for which store and topic: another store or topic has other free times. */
interface TimeChoice {
  of: string;
  date: string | null;
  slot: FreeTime | null;
}

/**
 * Staff book for a customer (on the phone, say): store, topic, a free time, the customer's details.
 * Checked with the contract's schema, so the messages are the API's own. A time taken meanwhile
 * shows the nearest free ones to pick instead; what was typed stays.
 */
export function NewReservationForm({ stores, storeId, onDone, onCreated }: NewReservationFormProps) {
  const { company } = useMfeProps();
  const queryClient = useQueryClient();
  const create = useCreateReservation();
  // store, topic and startsAt are chosen with selects and buttons; they are here for their messages.
  const form = useZodForm(
    { store: storeId, topic: '', startsAt: '', firstName: '', lastName: '', email: '', phone: '', notes: '' },
    { rules: { firstName: shape.firstName, lastName: shape.lastName, email: shape.email, phone: shape.phone, notes: shape.notes } },
  );
  const store = form.values.store;
  const topics = useTopics(store);
  // A topic of the store chosen before is no topic of this one.
  const topicId = topics.data?.some((topic) => topic.id === form.values.topic) ? form.values.topic : null;
  const [time, setTime] = useState<TimeChoice>({ of: '', date: null, slot: null });
  const choiceOf = `${store}/${topicId ?? ''}`;
  const date = time.of === choiceOf ? time.date : null;
  const slot = time.of === choiceOf ? time.slot : null;

  const pick = (chosen: FreeTime) => {
    create.reset();
    setTime({ of: choiceOf, date: chosen.date, slot: chosen });
  };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const { values } = form;
    const body = form.check(staffReservationBodySchema, {
      store,
      topic: topicId ?? '',
      startsAt: slot?.startsAt ?? '',
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      phone: values.phone,
      notes: values.notes.trim() === '' ? undefined : values.notes,
    });
    if (!body) return;
    create.mutate(body, {
      onSuccess: onCreated,
      onError: (error) => {
        if (!isSlotTaken(error)) {
          form.showApiError(error);
          return;
        }
        // The refused time is gone: nothing is chosen until another is, and the calendar reads afresh.
        setTime({ of: choiceOf, date, slot: null });
        void queryClient.invalidateQueries({ queryKey: agendaKeys.storeSlots(company.id, store) });
      },
    });
  }

  const taken = isSlotTaken(create.error);
  return (
    <form onSubmit={onSubmit} noValidate aria-label={TEXT.title}>
      <Stack gap="md">
        <FormAlert message={taken ? null : form.formError(create.error)} />
        {stores.length > 1 && (
          <NativeSelect {...form.field('store')} label={TEXT.store} required data={stores.map((option) => ({ value: option.id, label: option.name }))} />
        )}
        {topics.isPending ? (
          <Loader size="sm" aria-label={IT.shell.loading} />
        ) : topics.data?.length === 0 ? (
          <Text size="sm" role="status">
            {TEXT.noTopics}
          </Text>
        ) : (
          <NativeSelect
            {...form.field('topic')}
            value={topicId ?? ''}
            label={TEXT.topic}
            required
            data={[{ value: '', label: TEXT.chooseTopic, disabled: true }, ...(topics.data ?? []).map((topic) => ({ value: topic.id, label: topic.name }))]}
          />
        )}
        <SlotPicker
          storeId={store}
          topicId={topicId}
          date={date}
          slot={slot}
          onDateChange={(day) => {
            create.reset();
            setTime({ of: choiceOf, date: day, slot: slot?.date === day ? slot : null });
          }}
          onSlotChange={pick}
          error={slot ? undefined : form.errors.startsAt}
        />
        {taken && <SlotTakenNotice error={create.error} onPick={pick} />}
        <Title order={3} size="h5">
          {TEXT.customer}
        </Title>
        <Text size="sm" c="dimmed" mt={-8}>
          {TEXT.customerHelp}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput {...form.field('firstName')} label={TEXT.firstName} required autoComplete="off" onBlur={() => form.checkField('firstName')} />
          <TextInput {...form.field('lastName')} label={TEXT.lastName} required autoComplete="off" onBlur={() => form.checkField('lastName')} />
          <TextInput {...form.field('email')} label={TEXT.email} type="email" required autoComplete="off" onBlur={() => form.checkField('email')} />
          <TextInput {...form.field('phone')} label={TEXT.phone} type="tel" required autoComplete="off" onBlur={() => form.checkField('phone')} />
        </SimpleGrid>
        <Textarea {...form.field('notes')} label={TEXT.notes} autosize minRows={2} maxRows={6} maxLength={RESERVATION_NOTES_MAX} />
        <FormActions onCancel={onDone} pending={create.isPending} submitLabel={TEXT.submit} />
      </Stack>
    </form>
  );
}
