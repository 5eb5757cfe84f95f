import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { sendVerificationCodeBodySchema, type VerificationCodeSent, type VisitorCredentials } from '@incontra/contracts/api/join-requests';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { useZodForm } from '@incontra/mfe-kit/forms/use-zod-form';
import { sendVerificationCode } from '../api/visitor-calls';

interface PhoneStepProps {
  credentials: VisitorCredentials;
  /** The number of the last code, when the visitor comes back to change it. */
  initialPhone: string;
  onCodeSent(sent: VerificationCodeSent): void;
}

/** The company wants a proven phone before staff see the request: the number for the SMS (the header explains). */
export function PhoneStep({ credentials, initialPhone, onCodeSent }: PhoneStepProps) {
  const form = useZodForm({ phoneNumber: initialPhone }, { rules: sendVerificationCodeBodySchema.shape });
  const send = useMutation({
    mutationFn: (phoneNumber: string) => sendVerificationCode(credentials, phoneNumber),
    onSuccess: onCodeSent,
    onError: form.showApiError,
    retry: false,
  });
  const alert = form.formError(send.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.check(sendVerificationCodeBodySchema, form.values);
    if (body) send.mutate(body.phoneNumber);
  };

  return (
    <form onSubmit={submit} noValidate data-testid="phone-form">
      <Stack gap="md">
        <TextInput
          label={IT_LOBBY.visitor.phoneLabel}
          placeholder={IT_LOBBY.visitor.phonePlaceholder}
          {...form.field('phoneNumber')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          withAsterisk={false}
          size="md"
        />
        {alert && (
          <Alert color="red" role="alert">
            {alert}
          </Alert>
        )}
        <Button type="submit" size="md" loading={send.isPending}>
          {IT_LOBBY.visitor.sendCode}
        </Button>
      </Stack>
    </form>
  );
}
