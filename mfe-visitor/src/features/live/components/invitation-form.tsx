import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId, type FormEvent } from 'react';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';

interface InvitationFormProps {
  code: string;
  onCodeChange(code: string): void;
  error: string | null;
  sending: boolean;
  /** Sends with the name of the name form above (checked there). */
  onSend(): void;
}

/** 'Hai ricevuto un'invito?': the code staff gave the visitor, filled in by the invitation link. */
export function InvitationForm({ code, onCodeChange, error, sending, onSend }: InvitationFormProps) {
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
        <TextInput
          label={IT_LOBBY.visitor.invitationCodeLabel}
          value={code}
          onChange={(event) => onCodeChange(event.currentTarget.value)}
          error={error}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
        />
        <Button type="submit" variant="light" loading={sending} w="fit-content">
          {IT_LOBBY.visitor.invitationSend}
        </Button>
      </Stack>
    </form>
  );
}
