import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';

/** Mantine's PasswordInput with an Italian name on its show/hide button. */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput {...props} visibilityToggleButtonProps={{ 'aria-label': IT_BACKOFFICE.togglePasswordVisibility }} />;
}
