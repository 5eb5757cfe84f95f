import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { passwordResetRequestBodySchema } from '@incontra/contracts/api/auth';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { ROUTES } from '@incontra/contracts/routes';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { FormAlert } from '../../../app/form-alert';
import { useZodForm } from '@incontra/mfe-kit/forms/use-zod-form';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AuthCard } from './auth-card';

/** Asks for a reset link; the answer never tells whether the e-mail is registered. */
export function PasswordResetRequestForm() {
  const { company } = useMfeProps();
  const request = useRequestPasswordReset();
  // The host's company, not a field: the shell only runs on a company's host.
  const form = useZodForm({ email: '' });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = form.check(passwordResetRequestBodySchema, { company: company.slug, ...form.values });
    if (!body) return;
    request.mutate(body, {
      onError: form.showApiError,
    });
  }

  const backToLogin = (
    <Anchor component={Link} to={ROUTES.login} ta="center">
      {IT_BACKOFFICE.backToLogin}
    </Anchor>
  );

  if (request.isSuccess) {
    return (
      <AuthCard title={IT_BACKOFFICE.resetRequestTitle}>
        <Alert color="green" role="status">
          {IT_BACKOFFICE.resetRequestSent}
        </Alert>
        {backToLogin}
      </AuthCard>
    );
  }

  return (
    <AuthCard title={IT_BACKOFFICE.resetRequestTitle}>
      <Text>{IT_BACKOFFICE.resetRequestText}</Text>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormAlert message={form.formError(request.error)} />
          <TextInput {...form.field('email')} type="email" label={IT_BACKOFFICE.email} autoComplete="email" required withAsterisk={false} />
          <Button type="submit" loading={request.isPending} fullWidth>
            {IT_BACKOFFICE.send}
          </Button>
          {backToLogin}
        </Stack>
      </form>
    </AuthCard>
  );
}
