import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import {
  LOBBY_RULES,
  verifyCodeBodySchema,
  type VerificationCodeSent,
  type VisitorCredentials,
  type VisitorJoinRequest,
} from '@incontra/contracts/api/join-requests';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { useZodForm } from '@incontra/mfe-kit/forms/use-zod-form';
import { sendVerificationCode, verifyVerificationCode } from '../api/visitor-calls';
import { useNow } from '@incontra/mfe-kit/dates/use-now';

interface CodeStepProps {
  credentials: VisitorCredentials;
  phoneNumber: string;
  /** Not before this (ms) may another code be asked for. */
  resendAfter: number;
  onVerified(request: VisitorJoinRequest): void;
  onCodeSent(sent: VerificationCodeSent): void;
  onChangePhone(): void;
}

/** The 6-digit code of the SMS; another one after the pause, or back to change the number. */
export function CodeStep({ credentials, phoneNumber, resendAfter, onVerified, onCodeSent, onChangePhone }: CodeStepProps) {
  const form = useZodForm({ code: '' }, { rules: verifyCodeBodySchema.shape });
  const now = useNow();
  const verify = useMutation({
    mutationFn: (value: string) => verifyVerificationCode(credentials, value),
    onSuccess: onVerified,
    // A refused code is about the code, whether or not the API names the field.
    onError: (error) => form.setFieldError('code', apiErrorMessage(error)),
    retry: false,
  });
  const resend = useMutation({
    mutationFn: () => sendVerificationCode(credentials, phoneNumber),
    onSuccess: (sent) => {
      verify.reset();
      form.reset();
      onCodeSent(sent);
    },
    retry: false,
  });
  const waitSeconds = Math.ceil((resendAfter - now) / 1000);
  const alert = form.formError(resend.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.check(verifyCodeBodySchema, form.values);
    if (body) verify.mutate(body.code);
  };

  return (
    <form onSubmit={submit} noValidate data-testid="code-form">
      <Stack gap="md">
        <TextInput
          label={IT_LOBBY.visitor.codeLabel}
          {...form.field('code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={LOBBY_RULES.codeLength}
          required
          withAsterisk={false}
          size="md"
        />
        <Button type="submit" size="md" loading={verify.isPending}>
          {IT_LOBBY.visitor.verify}
        </Button>
        {alert && (
          <Alert color="red" role="alert">
            {alert}
          </Alert>
        )}
        <Group gap="sm">
          <Button variant="subtle" onClick={() => resend.mutate()} disabled={waitSeconds > 0} loading={resend.isPending}>
            {IT_LOBBY.visitor.resendCode}
          </Button>
          <Button variant="subtle" onClick={onChangePhone}>
            {IT_LOBBY.visitor.changePhone}
          </Button>
        </Group>
        {waitSeconds > 0 && (
          <Text size="sm" c="dimmed">
            {IT_LOBBY.visitor.resendIn(waitSeconds)}
          </Text>
        )}
      </Stack>
    </form>
  );
}
