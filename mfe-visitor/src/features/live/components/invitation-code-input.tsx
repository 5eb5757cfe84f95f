import { TextInput } from '@mantine/core';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';

interface InvitationCodeInputProps {
  code: string;
  onCodeChange(code: string): void;
  error: string | null;
}

/** The code staff gave the visitor, as people type it (any case, spaces or dashes). */
export function InvitationCodeInput({ code, onCodeChange, error }: InvitationCodeInputProps) {
  return (
    <TextInput
      label={IT_LOBBY.visitor.invitationCodeLabel}
      value={code}
      onChange={(event) => onCodeChange(event.currentTarget.value)}
      error={error}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      size="md"
    />
  );
}
