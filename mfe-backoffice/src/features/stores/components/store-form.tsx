import { Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { storeBodySchema, type ManagedStore } from '@incontra/contracts/api/store-management';
import { IT_STORES } from '@incontra/contracts/messages/it-stores';
import { useZodForm } from '@incontra/mfe-kit/forms/use-zod-form';
import { FormAlert } from '../../../app/form-alert';
import { useSaveStore } from '../api/save-store';
import { phoneChoiceOf, phoneSettingOf, PhoneVerificationChoice } from './phone-verification-choice';
import { FormActions } from '../../../app/management/form-actions';

const TEXT = IT_STORES.stores;

/** Creates a store (`store` null) or changes one; `onDone` after it is saved or cancelled. */
export function StoreForm({ store, onDone }: { store: ManagedStore | null; onDone: () => void }) {
  const save = useSaveStore();
  const form = useZodForm(
    { name: store?.name ?? '', address: store?.address ?? '' },
    { rules: { name: storeBodySchema.shape.name, address: storeBodySchema.shape.address } },
  );
  const [phoneChoice, setPhoneChoice] = useState(phoneChoiceOf(store?.requirePhoneVerification ?? null));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = form.check(storeBodySchema, { ...form.values, requirePhoneVerification: phoneSettingOf(phoneChoice) });
    if (!body) return;
    save.mutate({ id: store?.id ?? null, body }, { onSuccess: onDone, onError: form.showApiError });
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormAlert message={form.formError(save.error)} />
        <TextInput {...form.field('name')} label={TEXT.name} required data-autofocus onBlur={() => form.checkField('name')} />
        <TextInput {...form.field('address')} label={TEXT.address} autoComplete="street-address" onBlur={() => form.checkField('address')} />
        <PhoneVerificationChoice value={phoneChoice} onChange={setPhoneChoice} />
        <FormActions onCancel={onDone} pending={save.isPending} creating={!store} />
      </Stack>
    </form>
  );
}
