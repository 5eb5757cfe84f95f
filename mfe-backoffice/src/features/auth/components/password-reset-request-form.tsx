import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { passwordResetRequestBodySchema } from '@incontra/contracts/api/auth';
import { IT } from '@incontra/contracts/messages/it';
import { ROUTES } from '@incontra/contracts/routes';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { FormAlert } from '../../../app/form-alert';
import { useZodForm } from '../../../app/use-zod-form';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AuthCard } from './auth-card';

/** Asks for a reset link; the answer never tells whether the e-mail is registered. */
export function PasswordResetRequestForm() {
  const { company } = useMfeProps();
  const request = useRequestPasswordReset();
  const form = useZodForm({ company: company.slug, email: '' });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = form.check(passwordResetRequestBodySchema, form.values);
    if (!body) return;
    request.mutate(body, {
      onError: form.showApiError,
    });
  }

  const backToLogin = (
    <Anchor component={Link} to={ROUTES.login} ta="center">
      {IT.backoffice.backToLogin}
    </Anchor>
  );

  if (request.isSuccess) {
    return (
      <AuthCard title={IT.backoffice.resetRequestTitle}>
        <Alert color="green" role="status">
          {IT.backoffice.resetRequestSent}
        </Alert>
        {backToLogin}
      </AuthCard>
    );
  }

  return (
    <AuthCard title={IT.backoffice.resetRequestTitle}>
      <Text>{IT.backoffice.resetRequestText}</Text>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormAlert message={form.formError(request.error)} />
          <TextInput {...form.field('company')} label={IT.backoffice.company} autoComplete="organization" required withAsterisk={false} />
          <TextInput {...form.field('email')} type="email" label={IT.backoffice.email} autoComplete="email" required withAsterisk={false} />
          <Button type="submit" loading={request.isPending} fullWidth>
            {IT.backoffice.send}
          </Button>
          {backToLogin}
        </Stack>
      </form>
    </AuthCard>
  );
}
