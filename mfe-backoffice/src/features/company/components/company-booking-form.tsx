import { Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import type { PublicCompany } from '@incontra/contracts/api/company';
import { companyUpdateBodySchema } from '@incontra/contracts/api/company-management';
import { bookingRules } from '@incontra/contracts/api/reservations';
import { IT_COMPANY } from '@incontra/contracts/messages/it-company';
import { useZodForm } from '@incontra/mfe-kit/forms/use-zod-form';
import { useUpdateCompany } from '../api/update-company';
import { FormActions } from '../../../app/management/form-actions';

const F = IT_COMPANY.fields;

/** A typed whole number; anything else (an empty field included) is left for the schema to refuse. */
const wholeNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** «Prenotazioni»: how far ahead visitors may book, the minimum notice, and the customer's cut-off for changes. */
export function CompanyBookingForm({ company }: { company: PublicCompany }) {
  const update = useUpdateCompany(IT_COMPANY.saved.booking);
  const rules = bookingRules(company.settings);
  const form = useZodForm({
    bookingHorizonDays: String(rules.horizonDays),
    bookingMinNoticeMinutes: String(rules.minNoticeMinutes),
    bookingCancelCutoffMinutes: String(rules.cancelCutoffMinutes),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const { bookingHorizonDays, bookingMinNoticeMinutes, bookingCancelCutoffMinutes } = form.values;
    const body = form.check(companyUpdateBodySchema, {
      bookingHorizonDays: wholeNumber(bookingHorizonDays),
      bookingMinNoticeMinutes: wholeNumber(bookingMinNoticeMinutes),
      bookingCancelCutoffMinutes: wholeNumber(bookingCancelCutoffMinutes),
    });
    if (!body) return;
    update.mutate(body, { onError: form.showApiError });
  }

  const numberField = (name: 'bookingHorizonDays' | 'bookingMinNoticeMinutes' | 'bookingCancelCutoffMinutes', help: string) => (
    <TextInput {...form.field(name)} label={F[name]} description={help} inputMode="numeric" required />
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" maw={560}>
        {numberField('bookingHorizonDays', F.bookingHorizonDaysHelp)}
        {numberField('bookingMinNoticeMinutes', F.bookingMinNoticeMinutesHelp)}
        {numberField('bookingCancelCutoffMinutes', F.bookingCancelCutoffMinutesHelp)}
        <FormActions pending={update.isPending} />
      </Stack>
    </form>
  );
}
