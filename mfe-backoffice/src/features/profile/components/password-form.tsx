import type { FormEvent } from 'react';
import { updatePasswordBodySchema } from '@incontra/contracts/api/auth';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { PasswordField } from '../../../app/password-field';
import { useZodForm } from '@incontra/mfe-kit/forms/use-zod-form';
import { useUpdatePassword } from '../api/update-password';
import { SettingsPanel } from './settings-panel';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordForm() {
  const { notify } = useMfeProps();
  const update = useUpdatePassword();
  const form = useZodForm(EMPTY);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = form.check(updatePasswordBodySchema, form.values);
    if (!body) return;
    if (form.values.confirmPassword !== form.values.newPassword) {
      form.setFieldError('confirmPassword', IT_BACKOFFICE.passwordsDiffer);
      return;
    }
    update.mutate(body, {
      onSuccess: () => {
        form.reset(EMPTY);
        notify.show({ kind: 'success', message: IT_BACKOFFICE.passwordChanged });
      },
      onError: form.showApiError,
    });
  }

  return (
    <SettingsPanel title={IT_BACKOFFICE.passwordTitle} alert={form.formError(update.error)} saving={update.isPending} onSubmit={onSubmit}>
      <PasswordField {...form.field('currentPassword')} label={IT_BACKOFFICE.currentPassword} autoComplete="current-password" required withAsterisk={false} />
      <PasswordField {...form.field('newPassword')} label={IT_BACKOFFICE.newPassword} autoComplete="new-password" required withAsterisk={false} />
      <PasswordField {...form.field('confirmPassword')} label={IT_BACKOFFICE.confirmPassword} autoComplete="new-password" required withAsterisk={false} />
    </SettingsPanel>
  );
}
