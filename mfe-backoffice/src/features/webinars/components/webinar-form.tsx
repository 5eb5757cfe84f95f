import '@mantine/dates/styles.css';
import 'dayjs/locale/it';
import { NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { FormEvent } from 'react';
import * as z from 'zod/mini';
import type { ManagedStore } from '@incontra/contracts/api/store-management';
import { WEBINAR_TITLE_MAX, webinarBodySchema, webinarUpdateSchema, type Webinar } from '@incontra/contracts/api/webinars';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { IT_WEBINAR_BACKOFFICE } from '@incontra/contracts/messages/it-webinar-backoffice';
import { todayIn } from '@incontra/mfe-kit/dates/calendar-dates';
import { formatDay } from '@incontra/mfe-kit/format/format-day';
import { useZodForm } from '@incontra/mfe-kit/forms/use-zod-form';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { ClockInput } from '../../../app/clock-input';
import { FormAlert } from '../../../app/form-alert';
import { FormActions } from '../../../app/management/form-actions';
import { useRequiredUser } from '../../auth/hooks/use-required-user';
import { useCreateWebinar } from '../api/create-webinar';
import { useUpdateWebinar } from '../api/update-webinar';
import { usePresenterChoices } from '../hooks/use-presenter-choices';
import { DescriptionEditor } from './description-editor';
import { PresentersField } from './presenters-field';
import { changesOf, initialValues, newWebinarInput, startOf, WEBINAR_FORM_RULES } from './webinar-form-values';

const TEXT = IT_WEBINAR_BACKOFFICE.form;
/** A start with something wrong is the form's own message: the contract is not asked about it. */
const bodyWithoutStart = z.omit(webinarBodySchema, { startsAt: true });

export interface WebinarFormProps {
  /** The webinar to change (a draft or a published one); null to create one. */
  webinar: Webinar | null;
  /** The stores served: a new webinar's choice. */
  stores: readonly ManagedStore[];
  /** Created or saved: the API's answer. */
  onSaved: (webinar: Webinar) => void;
  /** Leaving a new webinar unsaved. */
  onCancel?: () => void;
}

/**
 * A webinar's title, store, start (a date and a time on the company's clock), length, seats,
 * presenters and description. Checked with the contract's schema, so the messages are the API's
 * own; the API's refusal of a field goes under it, any other above the fields.
 */
export function WebinarForm({ webinar, stores, onSaved, onCancel }: WebinarFormProps) {
  const { company } = useMfeProps();
  const user = useRequiredUser();
  const create = useCreateWebinar();
  const update = useUpdateWebinar();
  const save = webinar ? update : create;
  const form = useZodForm(
    initialValues(webinar, { storeId: stores.length === 1 ? stores[0]!.id : '', presenterIds: [user.id] }, company.timeZone),
    // The API's refusal of the start (in the past) goes under its date.
    { rules: WEBINAR_FORM_RULES, aliases: { startsAt: 'date' } },
  );
  const presenters = usePresenterChoices();
  // Presenters chosen for another store stay out once a store they do not serve is chosen.
  const values = { ...form.values, presenterIds: presenters.keptFor(form.values.storeId, form.values.presenterIds) };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const start = startOf(values, company.timeZone);
    const startsAt = 'instant' in start ? start.instant : undefined;
    if (webinar) {
      const body = form.check(webinarUpdateSchema, changesOf(webinar, values, startsAt, presenters.chooses));
      if ('message' in start) form.setFieldError(start.field, start.message);
      if (body && startsAt) update.mutate({ id: webinar.id, body }, { onSuccess: onSaved, onError: form.showApiError });
      return;
    }
    if ('message' in start) {
      form.check(bodyWithoutStart, newWebinarInput(values, undefined));
      form.setFieldError(start.field, start.message);
      return;
    }
    const body = form.check(webinarBodySchema, newWebinarInput(values, startsAt));
    if (body) create.mutate(body, { onSuccess: onSaved, onError: form.showApiError });
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={webinar ? undefined : TEXT.createTitle}>
      <Stack gap="md">
        <FormAlert message={form.formError(save.error)} />
        <TextInput {...form.field('title')} label={TEXT.title} required maxLength={WEBINAR_TITLE_MAX} onBlur={() => form.checkField('title')} />
        {webinar ? (
          <TextInput label={TEXT.store} value={webinar.store.name} description={TEXT.storeFixed} readOnly />
        ) : (
          <NativeSelect
            {...form.field('storeId')}
            label={TEXT.store}
            required
            data={[{ value: '', label: TEXT.chooseStore, disabled: true }, ...stores.map((store) => ({ value: store.id, label: store.name }))]}
          />
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DatePickerInput
            label={TEXT.date}
            description={TEXT.timeZone(company.timeZone)}
            locale="it"
            valueFormat="dddd D MMMM YYYY"
            value={values.date || null}
            onChange={(date) => form.setValue('date', date ?? '')}
            minDate={todayIn(company.timeZone)}
            ariaLabels={IT_AGENDA.dateNav.calendar}
            getDayAriaLabel={formatDay}
            error={form.errors.date}
            required
          />
          <ClockInput {...form.control('time')} label={TEXT.time} required stepMinutes={15} />
          <TextInput
            {...form.field('durationMinutes')}
            label={TEXT.duration}
            required
            inputMode="numeric"
            autoComplete="off"
            maxLength={3}
            onBlur={() => form.checkField('durationMinutes')}
          />
          <TextInput
            {...form.field('capacity')}
            label={TEXT.capacity}
            description={TEXT.capacityHelp}
            required
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            onBlur={() => form.checkField('capacity')}
          />
        </SimpleGrid>
        <PresentersField
          presenters={presenters}
          storeId={values.storeId}
          current={webinar?.presenters ?? null}
          value={values.presenterIds}
          onChange={(ids) => form.setValue('presenterIds', ids)}
          error={form.errors.presenterIds}
        />
        <DescriptionEditor
          label={TEXT.description}
          initialHtml={webinar?.description ?? ''}
          onChange={(html) => form.setValue('description', html)}
          error={form.errors.description}
        />
        <FormActions onCancel={onCancel} pending={save.isPending} submitLabel={webinar ? undefined : TEXT.create} />
      </Stack>
    </form>
  );
}
