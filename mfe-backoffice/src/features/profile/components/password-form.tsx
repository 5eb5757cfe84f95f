import { Alert, Button, Group, Paper, Stack, Title } from '@mantine/core';
import type { FormEvent } from 'react';
import { updatePasswordBodySchema } from '@incontra/contracts/api/auth';
import { IT } from '@incontra/contracts/messages/it';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { apiErrorMessage, badField, isApiStatus } from '../../../app/api-error';
import { PasswordField } from '../../../app/password-field';
import { useZodForm } from '../../../app/use-zod-form';
import { useUpdatePassword } from '../api/update-password';

const FIELDS = ['currentPassword', 'newPassword'] as const;
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
      form.setFieldError('confirmPassword', IT.backoffice.passwordsDiffer);
      return;
    }
    update.mutate(body, {
      onSuccess: () => {
        form.reset(EMPTY);
        notify.show({ kind: 'success', message: IT.backoffice.passwordChanged });
      },
      onError: (error) => {
        if (isApiStatus(error, 422)) {
          form.setFieldError('currentPassword', IT.backoffice.wrongCurrentPassword);
          return;
        }
        const field = badField(error, FIELDS);
        if (field) form.setFieldError(field, apiErrorMessage(error));
      },
    });
  }

  const error = update.error;
  const showAlert = error !== null && !isApiStatus(error, 422) && badField(error, FIELDS) === null;
  return (
    <Paper withBorder p="xl" maw={520}>
      <Title order={1} size="h2" mb="lg">
        {IT.backoffice.passwordTitle}
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {showAlert && (
            <Alert color="red" role="alert">
              {apiErrorMessage(error)}
            </Alert>
          )}
          <PasswordField {...form.field('currentPassword')} label={IT.backoffice.currentPassword} autoComplete="current-password" required withAsterisk={false} />
          <PasswordField {...form.field('newPassword')} label={IT.backoffice.newPassword} autoComplete="new-password" required withAsterisk={false} />
          <PasswordField {...form.field('confirmPassword')} label={IT.backoffice.confirmPassword} autoComplete="new-password" required withAsterisk={false} />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              {IT.backoffice.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
