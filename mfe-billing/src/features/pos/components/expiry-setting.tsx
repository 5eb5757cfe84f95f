import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { POS_EXPIRY_HOURS, posSettingsBodySchema, type PosSettings } from '@incontra/contracts/api/pos';
import { IT_POS_PAGES } from '@incontra/contracts/messages/it-pos-pages';
import { useZodForm } from '@incontra/mfe-kit/forms/use-zod-form';
import { PageSection } from '../../../app/page-section';
import { QueryState } from '../../../app/query-state';
import { usePosSettings } from '../api/get-pos-settings';
import { useSavePosSettings } from '../api/save-pos-settings';

const T = IT_POS_PAGES.expiry;

function ExpiryForm({ saved }: { saved: PosSettings }) {
  const form = useZodForm({ expiryHours: String(saved.expiryHours) });
  const save = useSavePosSettings();
  const formError = form.formError(save.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = form.values.expiryHours.trim();
    // Only digits make a number of hours; anything else is NaN, refused with the contract's message.
    const body = form.check(posSettingsBodySchema, { expiryHours: /^\d{1,4}$/.test(typed) ? Number(typed) : Number.NaN });
    if (body) save.mutate(body, { onSuccess: (settings) => form.reset({ expiryHours: String(settings.expiryHours) }), onError: form.showApiError });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            {...form.field('expiryHours')}
            label={T.label}
            description={T.hint}
            type="number"
            inputMode="numeric"
            min={POS_EXPIRY_HOURS.min}
            max={POS_EXPIRY_HOURS.max}
            step={1}
            w={{ base: '100%', xs: 280 }}
          />
          <Button type="submit" loading={save.isPending}>
            {T.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Admins: how many hours a new request stays payable. */
export function ExpirySetting() {
  const settings = usePosSettings();
  return (
    <PageSection titleId="pos-expiry-title" title={T.title}>
      <QueryState query={settings}>{(data) => <ExpiryForm saved={data} />}</QueryState>
    </PageSection>
  );
}
