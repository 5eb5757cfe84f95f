import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { sendVerificationCodeBodySchema, type VerificationCodeSent, type VisitorCredentials } from '@incontra/contracts/api/join-requests';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { apiErrorMessage, fieldErrorOf } from '@incontra/mfe-kit/api-error';
import { sendVerificationCode } from '../api/visitor-calls';

interface PhoneStepProps {
  credentials: VisitorCredentials;
  /** The number of the last code, when the visitor comes back to change it. */
  initialPhone: string;
  onCodeSent(sent: VerificationCodeSent): void;
}

/** The company wants a proven phone before staff see the request: the number for the SMS (the header explains). */
export function PhoneStep({ credentials, initialPhone, onCodeSent }: PhoneStepProps) {
  const [phone, setPhone] = useState(initialPhone);
  const [localError, setLocalError] = useState<string | null>(null);
  const send = useMutation({ mutationFn: (phoneNumber: string) => sendVerificationCode(credentials, phoneNumber), onSuccess: onCodeSent, retry: false });
  const fieldError = localError ?? fieldErrorOf(send.error, 'phoneNumber');
  const alert = send.error && !fieldErrorOf(send.error, 'phoneNumber') ? apiErrorMessage(send.error) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = sendVerificationCodeBodySchema.safeParse({ phoneNumber: phone });
    if (!parsed.success) {
      setLocalError(parsed.error.issues[0]?.message ?? IT_LOBBY.errors.phoneInvalid);
      return;
    }
    setLocalError(null);
    send.mutate(parsed.data.phoneNumber);
  };

  return (
    <form onSubmit={submit} noValidate data-testid="phone-form">
      <Stack gap="md">
        <TextInput
          label={IT_LOBBY.visitor.phoneLabel}
          placeholder={IT_LOBBY.visitor.phonePlaceholder}
          value={phone}
          onChange={(event) => {
            setPhone(event.currentTarget.value);
            setLocalError(null);
          }}
          error={fieldError}
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
