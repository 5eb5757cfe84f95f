import { Alert, Anchor, Button, Stack } from '@mantine/core';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { passwordResetBodySchema } from '@incontra/contracts/api/auth';
import { ApiRequestError } from '@incontra/contracts/http';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { ROUTES } from '@incontra/contracts/routes';
import { FormAlert } from '../../../app/form-alert';
import { PasswordField } from '../../../app/password-field';
import { useZodForm } from '@incontra/mfe-kit/forms/use-zod-form';
import { useResetPassword } from '../api/reset-password';
import { AuthCard } from './auth-card';

/** A refused token (unknown, used, expired) as opposed to a bad password or a transient failure. */
function isInvalidLink(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  if (error.status === 400) return error.field === undefined || error.field === 'token';
  return error.status === 404 || error.status === 410 || error.status === 422;
}

function InvalidLink() {
  return (
    <>
      <Alert color="red" role="alert">
        {IT_BACKOFFICE.resetInvalid}
      </Alert>
      <Anchor component={Link} to={ROUTES.passwordResetRequest} ta="center">
        {IT_BACKOFFICE.requestNewLink}
      </Anchor>
    </>
  );
}

/** Reached from the e-mailed link: `?token=` plus a new password typed twice. */
export function PasswordResetForm() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const reset = useResetPassword();
  const form = useZodForm({ newPassword: '', confirmPassword: '' }, { aliases: { password: 'newPassword' } });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = form.check(passwordResetBodySchema, { token, password: form.values.newPassword });
    if (!body) return;
    if (form.values.confirmPassword !== form.values.newPassword) {
      form.setFieldError('confirmPassword', IT_BACKOFFICE.passwordsDiffer);
      return;
    }
    reset.mutate(body, { onError: form.showApiError });
  }

  if (!token || isInvalidLink(reset.error)) {
    return (
      <AuthCard title={IT_BACKOFFICE.resetTitle}>
        <InvalidLink />
      </AuthCard>
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthCard title={IT_BACKOFFICE.resetTitle}>
        <Alert color="green" role="status">
          {IT_BACKOFFICE.resetDone}
        </Alert>
        <Anchor component={Link} to={ROUTES.login} ta="center">
          {IT_BACKOFFICE.backToLogin}
        </Anchor>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={IT_BACKOFFICE.resetTitle}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormAlert message={form.formError(reset.error)} />
          <PasswordField {...form.field('newPassword')} label={IT_BACKOFFICE.newPassword} autoComplete="new-password" required withAsterisk={false} />
          <PasswordField {...form.field('confirmPassword')} label={IT_BACKOFFICE.confirmPassword} autoComplete="new-password" required withAsterisk={false} />
          <Button type="submit" loading={reset.isPending} fullWidth>
            {IT_BACKOFFICE.save}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
