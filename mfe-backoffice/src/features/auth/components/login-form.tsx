import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { useEffect } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { loginBodySchema } from '@incontra/contracts/api/auth';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { ROUTES, safeNextPath } from '@incontra/contracts/routes';
import { useMe } from '@incontra/mfe-kit/get-me';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { apiErrorMessage, isApiStatus } from '@incontra/mfe-kit/api-error';
import { FormAlert } from '../../../app/form-alert';
import { PasswordField } from '../../../app/password-field';
import { useZodForm } from '@incontra/mfe-kit/forms/use-zod-form';
import { useLogin } from '../api/login';
import { AuthCard } from './auth-card';

function loginErrorMessage(error: unknown): string {
  return isApiStatus(error, 401) ? IT_BACKOFFICE.wrongCredentials : apiErrorMessage(error);
}

/** A signed-in visitor of the login page goes straight on to `to`, through the shell. */
function ShellRedirect({ to }: { to: string }) {
  const { navigate } = useMfeProps();
  useEffect(() => navigate(to, { replace: true }), [navigate, to]);
  return null;
}

/**
 * Staff sign-in: username and password. The host decides the company (the shell only runs on a
 * company's host), so the form does not ask for it: it sends the host's company slug, which the
 * API still takes.
 */
export function LoginForm() {
  const { company, navigate: navigateShell } = useMfeProps();
  const navigate = useNavigate();
  // Back where the sign-in was asked for (a room, say: another remote, hence the shell's navigate).
  const next = safeNextPath(new URLSearchParams(useLocation().search).get('next'));
  const goOn = () => (next ? navigateShell(next, { replace: true }) : navigate(ROUTES.admin));
  const me = useMe();
  const loginMutation = useLogin();
  const form = useZodForm({ username: '', password: '' });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = form.check(loginBodySchema, { company: company.slug, ...form.values });
    if (!body) return;
    loginMutation.mutate(body, {
      onSuccess: goOn,
      onError: form.showApiError,
    });
  }

  if (me.data && !loginMutation.isPending && !loginMutation.isSuccess) return next ? <ShellRedirect to={next} /> : <Navigate to={ROUTES.admin} replace />;

  return (
    <AuthCard title={IT_BACKOFFICE.loginTitle}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormAlert message={form.formError(loginMutation.error, loginErrorMessage)} />
          <TextInput {...form.field('username')} label={IT_BACKOFFICE.username} autoComplete="username" required withAsterisk={false} />
          <PasswordField {...form.field('password')} label={IT_BACKOFFICE.password} autoComplete="current-password" required withAsterisk={false} />
          <Button type="submit" loading={loginMutation.isPending} fullWidth>
            {IT_BACKOFFICE.login}
          </Button>
          <Anchor component={Link} to={ROUTES.passwordResetRequest} ta="center">
            {IT_BACKOFFICE.forgotPassword}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
