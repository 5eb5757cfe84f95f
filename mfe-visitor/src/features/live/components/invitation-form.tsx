import { Button, Stack, Text, Title } from '@mantine/core';
import { useId, type FormEvent } from 'react';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import type { FormField } from '@incontra/mfe-kit/forms/use-zod-form';
import { InvitationCodeInput } from './invitation-code-input';

interface InvitationFormProps {
  /** The name step's `code` field: one code, whichever form the visitor sends it from. */
  codeField: FormField;
  sending: boolean;
  /** Sends with the name of the name form above (checked there). */
  onSend(): void;
}

/**
 * 'Hai ricevuto un'invito?' on the store's live page: a code staff gave the visitor, sent with the
 * name above. (An invitation link puts the code in the name form instead, with one button.)
 */
export function InvitationForm({ codeField, sending, onSend }: InvitationFormProps) {
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSend();
  };
  return (
    <form onSubmit={submit} noValidate data-testid="invitation-form" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={titleId}>
          {IT_LOBBY.visitor.invitationTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {IT_LOBBY.visitor.invitationText}
        </Text>
        <InvitationCodeInput field={codeField} />
        <Button type="submit" variant="light" loading={sending} w="fit-content">
          {IT_LOBBY.visitor.invitationSend}
        </Button>
      </Stack>
    </form>
  );
}
