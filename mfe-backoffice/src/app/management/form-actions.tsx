import { Button, Group } from '@mantine/core';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';

interface FormActionsProps {
  /** 'Annulla' before the submit button; without it (a settings form on its page) there is none. */
  onCancel?: () => void;
  pending: boolean;
  /** 'Crea' for a new element, 'Salva' for a change. */
  creating?: boolean;
  /** The submit button's own words ('Invita'), in place of 'Crea' or 'Salva'. */
  submitLabel?: string;
  /** Holds the submit back while the form cannot be sent as it is. */
  submitDisabled?: boolean;
}

/** The foot of every management form: 'Annulla', then the submit button, busy while saving. */
export function FormActions({ onCancel, pending, creating = false, submitLabel, submitDisabled = false }: FormActionsProps) {
  return (
    <Group justify="flex-end" gap="sm">
      {onCancel && (
        <Button variant="default" onClick={onCancel} disabled={pending}>
          {IT_MANAGEMENT.form.cancel}
        </Button>
      )}
      <Button type="submit" loading={pending} disabled={submitDisabled}>
        {submitLabel ?? (creating ? IT_MANAGEMENT.form.create : IT_MANAGEMENT.form.save)}
      </Button>
    </Group>
  );
}
