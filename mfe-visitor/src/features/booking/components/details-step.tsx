import { Alert, Anchor, Button, Checkbox, Stack, TextInput, Textarea, VisuallyHidden } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { customerFieldsShape, reservationBodySchema, type ReservationBody } from '@incontra/contracts/api/reservations';
import { IT_BOOKING_PAGES } from '@incontra/contracts/messages/it-booking-pages';
import { privacyLinkOf } from '@incontra/contracts/visitor-texts';
import { fieldErrorOf, isApiStatus } from '@incontra/mfe-kit/api-error';
import { useZodForm } from '@incontra/mfe-kit/forms/use-zod-form';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { createReservation, type BookingAnswer } from '../api/create-reservation';
import { topicSlotsKey } from '../api/get-store-slots';
import { attemptFor, type BookingAttempt } from '../api/idempotency';
import { isSlotTaken, type FreeTime } from '@incontra/mfe-kit/booking/slot-taken';
import type { CustomerDetails } from '../hooks/booking-flow-state';
import { SlotTakenNotice } from './slot-taken-notice';

const T = IT_BOOKING_PAGES.details;
/** The form's fields in the order they are shown: the first one wrong takes the focus. */
const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'notes', 'privacyConsent'] as const;

export interface DetailsStepProps {
  storeId: string;
  topicId: string;
  slot: FreeTime;
  details: CustomerDetails;
  onDetailsChange(details: CustomerDetails): void;
  consent: boolean;
  onConsentChange(consent: boolean): void;
  /** Another free time, picked after the chosen one was refused: the form stays as typed. */
  onSlotChange(slot: FreeTime): void;
  onBackToCalendar(): void;
  /** Booked, or waiting for the customer's e-mail confirmation. */
  onCreated(answer: BookingAnswer): void;
}

interface Submit {
  body: ReservationBody;
  key: string;
  slot: FreeTime;
}

/**
 * The third step: who is coming (checked with the contract's rules, in Italian), the privacy
 * consent, and the booking itself. A refusal naming a field lands under it; a time taken
 * meanwhile offers the nearest free ones without losing anything typed.
 */
export function DetailsStep(props: DetailsStepProps) {
  const { storeId, topicId, slot, details, onDetailsChange, consent, onConsentChange, onSlotChange, onBackToCalendar, onCreated } = props;
  const { company } = useMfeProps();
  const queryClient = useQueryClient();
  const form = useZodForm(details, { rules: customerFieldsShape, onValuesChange: onDetailsChange });
  const [consentError, setConsentError] = useState<string | null>(null);
  const attempt = useRef<BookingAttempt | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  // Always a new tab, whatever the link says: leaving this page would lose the form.
  const privacy = privacyLinkOf(company, window.location.pathname);

  const create = useMutation({
    mutationFn: ({ body, key }: Submit) => createReservation(body, key),
    onSuccess: (created) => {
      // The time just booked is no longer free: the move panel, opened next, reads the calendar afresh.
      void queryClient.invalidateQueries({ queryKey: topicSlotsKey(company.id, storeId, topicId), refetchType: 'none' });
      onCreated(created);
    },
    onError: async (error) => {
      form.showApiError(error);
      // Too many bookings for this address: the API names the e-mail, so the message goes under it.
      const emailLimit = isApiStatus(error, 429) ? fieldErrorOf(error, 'email') : null;
      if (emailLimit) form.setFieldError('email', emailLimit);
      // The calendar is out of date: read it again (the times offered instead come from it).
      if (isSlotTaken(error)) await queryClient.invalidateQueries({ queryKey: topicSlotsKey(company.id, storeId, topicId), refetchType: 'all' });
    },
    retry: false,
  });
  const taken = isSlotTaken(create.error) && create.variables ? create.variables.slot : null;
  const emailLimited = isApiStatus(create.error, 429) && fieldErrorOf(create.error, 'email') !== null;
  const alert = taken || emailLimited ? null : form.formError(create.error);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = {
      store: storeId,
      topic: topicId,
      startsAt: slot.startsAt,
      ...form.values,
      notes: form.values.notes.trim() ? form.values.notes : undefined,
      privacyConsent: consent,
    };
    // The form shows the messages of its text fields; the consent, a checkbox, is shown here.
    const body = form.check(reservationBodySchema, input);
    if (!body) {
      const result = reservationBodySchema.safeParse(input);
      const issues = result.success ? [] : result.error.issues;
      setConsentError(issues.find((issue) => issue.path[0] === 'privacyConsent')?.message ?? null);
      const first = FIELDS.find((name) => issues.some((issue) => issue.path[0] === name));
      if (first) (formRef.current?.elements.namedItem(first) as HTMLElement | null)?.focus();
      return;
    }
    setConsentError(null);
    attempt.current = attemptFor(attempt.current, body);
    create.mutate({ body, key: attempt.current.key, slot });
  }

  function pickAlternative(alternative: FreeTime) {
    create.reset();
    onSlotChange(alternative);
    submitRef.current?.focus();
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate data-testid="booking-details-form">
      <Stack gap="md">
        {taken && (
          <SlotTakenNotice
            error={create.error}
            refused={taken}
            storeId={storeId}
            topicId={topicId}
            onPick={pickAlternative}
            onChooseElsewhere={onBackToCalendar}
          />
        )}
        <TextInput label={T.firstName} {...form.field('firstName')} autoComplete="given-name" required withAsterisk={false} size="md" />
        <TextInput label={T.lastName} {...form.field('lastName')} autoComplete="family-name" required withAsterisk={false} size="md" />
        <TextInput label={T.email} type="email" {...form.field('email')} autoComplete="email" inputMode="email" required withAsterisk={false} size="md" />
        <TextInput label={T.phone} type="tel" {...form.field('phone')} autoComplete="tel" inputMode="tel" required withAsterisk={false} size="md" />
        <Textarea label={T.notes} {...form.field('notes')} autosize minRows={2} maxRows={6} size="md" />
        <Checkbox
          name="privacyConsent"
          checked={consent}
          onChange={(event) => {
            onConsentChange(event.currentTarget.checked);
            if (event.currentTarget.checked) setConsentError(null);
          }}
          error={consentError}
          required
          size="md"
          label={
            <>
              {T.consentBefore}
              <Anchor href={privacy.href} target="_blank" rel="noopener">
                {T.consentLink}
                <VisuallyHidden>{` ${T.opensInNewTab}`}</VisuallyHidden>
              </Anchor>
            </>
          }
        />
        {alert && (
          <Alert color="red" role="alert">
            {alert}
          </Alert>
        )}
        <Button ref={submitRef} type="submit" size="md" loading={create.isPending}>
          {T.submit}
        </Button>
      </Stack>
    </form>
  );
}
