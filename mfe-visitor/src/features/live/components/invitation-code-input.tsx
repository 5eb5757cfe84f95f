import { TextInput } from '@mantine/core';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import type { FormField } from '@incontra/mfe-kit/forms/use-zod-form';

interface InvitationCodeInputProps {
  /** The name step's `code` field (its value, change and message). */
  field: FormField;
}

/** The code staff gave the visitor, as people type it (any case, spaces or dashes). */
export function InvitationCodeInput({ field }: InvitationCodeInputProps) {
  return <TextInput label={IT_LOBBY.visitor.invitationCodeLabel} {...field} autoComplete="off" autoCapitalize="characters" spellCheck={false} size="md" />;
}
