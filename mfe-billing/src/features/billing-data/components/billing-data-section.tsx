import { Alert, Button, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { BILLING_LIMITS, billingDataSchema, type BillingData } from '@incontra/contracts/api/billing-data';
import { IT_BILLING_DATA } from '@incontra/contracts/messages/it-billing-data';
import { IT_BILLING_PAGES } from '@incontra/contracts/messages/it-billing-pages';
import { PROVINCE_CODES } from '@incontra/contracts/italian-tax';
import { useZodForm } from '@incontra/mfe-kit/forms/use-zod-form';
import { PageSection } from '../../../app/page-section';
import { QueryState } from '../../../app/query-state';
import { useBillingData } from '../api/get-billing-data';
import { useSaveBillingData } from '../api/save-billing-data';

const T = IT_BILLING_DATA;
const EMPTY: BillingData = { legalName: '', vatNumber: '', taxCode: '', address: '', postalCode: '', city: '', province: '', sdiCode: '', pec: '' };
const PROVINCE_OPTIONS = [{ value: '', label: IT_BILLING_PAGES.chooseProvince }, ...PROVINCE_CODES.map((code) => ({ value: code, label: code }))];

function BillingDataForm({ saved }: { saved: BillingData | null }) {
  const form = useZodForm<BillingData>(saved ?? EMPTY, { rules: billingDataSchema.shape });
  const save = useSaveBillingData();
  const formError = form.formError(save.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.check(billingDataSchema, form.values);
    if (body) save.mutate(body, { onSuccess: ({ billing }) => form.reset(billing ?? body), onError: form.showApiError });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="billing-data-title">
      <Stack gap="md">
        {!saved && (
          <Alert color="yellow" role="note">
            {T.missing}
          </Alert>
        )}
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <TextInput {...form.field('legalName')} label={T.labels.legalName} autoComplete="organization" maxLength={BILLING_LIMITS.legalName} required />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...form.field('vatNumber')} label={T.labels.vatNumber} inputMode="numeric" maxLength={13} required />
          <TextInput {...form.field('taxCode')} label={T.labels.taxCode} description={T.hints.taxCode} maxLength={16} required />
        </SimpleGrid>
        <TextInput {...form.field('address')} label={T.labels.address} autoComplete="street-address" maxLength={BILLING_LIMITS.address} required />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput {...form.field('postalCode')} label={T.labels.postalCode} autoComplete="postal-code" inputMode="numeric" maxLength={5} required />
          <TextInput {...form.field('city')} label={T.labels.city} autoComplete="address-level2" maxLength={BILLING_LIMITS.city} required />
          <NativeSelect {...form.field('province')} label={T.labels.province} description={T.hints.province} data={PROVINCE_OPTIONS} required />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...form.field('sdiCode')} label={T.labels.sdiCode} description={T.hints.sdiCode} maxLength={7} />
          <TextInput {...form.field('pec')} label={T.labels.pec} description={T.hints.pec} type="email" autoComplete="email" maxLength={BILLING_LIMITS.pec} />
        </SimpleGrid>
        <Button type="submit" loading={save.isPending} w="fit-content">
          {T.save}
        </Button>
      </Stack>
    </form>
  );
}

/** The company's invoicing data, the buyer on every e-invoice of its subscription. */
export function BillingDataSection() {
  const billing = useBillingData();
  return (
    <PageSection titleId="billing-data-title" title={T.title}>
      <Text size="sm">{T.intro}</Text>
      <QueryState query={billing}>{({ billing: saved }) => <BillingDataForm saved={saved} />}</QueryState>
    </PageSection>
  );
}
