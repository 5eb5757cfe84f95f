import { TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { updateMeBodySchema, type Me } from '@incontra/contracts/api/auth';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useZodForm } from '@incontra/mfe-kit/forms/use-zod-form';
import { useUpdateMe } from '../api/update-me';
import { SettingsPanel } from './settings-panel';

/** Optional names: an emptied field clears the name rather than storing blanks. */
function optionalName(value: string): string | null {
  return value.trim() || null;
}

export function ProfileForm({ user }: { user: Me }) {
  const { notify } = useMfeProps();
  const update = useUpdateMe();
  const form = useZodForm({ email: user.email, firstName: user.firstName ?? '', lastName: user.lastName ?? '' });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const { email, firstName, lastName } = form.values;
    const body = form.check(updateMeBodySchema, { email: email.trim(), firstName: optionalName(firstName), lastName: optionalName(lastName) });
    if (!body) return;
    update.mutate(body, {
      onSuccess: () => notify.show({ kind: 'success', message: IT_BACKOFFICE.profileSaved }),
      onError: form.showApiError,
    });
  }

  return (
    <SettingsPanel title={IT_BACKOFFICE.profileTitle} alert={form.formError(update.error)} saving={update.isPending} onSubmit={onSubmit}>
      <TextInput {...form.field('email')} type="email" label={IT_BACKOFFICE.email} autoComplete="email" required />
      <TextInput {...form.field('firstName')} label={IT_BACKOFFICE.firstName} autoComplete="given-name" />
      <TextInput {...form.field('lastName')} label={IT_BACKOFFICE.lastName} autoComplete="family-name" />
    </SettingsPanel>
  );
}
