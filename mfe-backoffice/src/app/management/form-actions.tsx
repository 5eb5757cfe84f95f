import { Button, Group } from '@mantine/core';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';

interface FormActionsProps {
  onCancel: () => void;
  pending: boolean;
  /** 'Crea' for a new element, 'Salva' for a change. */
  creating?: boolean;
}

/** The foot of every management form: 'Annulla', then the submit button, busy while saving. */
export function FormActions({ onCancel, pending, creating = false }: FormActionsProps) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        {IT_MANAGEMENT.form.cancel}
      </Button>
      <Button type="submit" loading={pending}>
        {creating ? IT_MANAGEMENT.form.create : IT_MANAGEMENT.form.save}
      </Button>
    </Group>
  );
}
