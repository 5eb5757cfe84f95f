import { Button, Group, Modal, Text } from '@mantine/core';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
  loading?: boolean;
}

/** A yes/no question before something that cannot be undone (leaving, removing someone). */
export function ConfirmDialog({ opened, title, text, confirmLabel, onConfirm, onCancel, loading }: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Text>{text}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          {IT_ROOM.cancel}
        </Button>
        <Button color="red" onClick={onConfirm} loading={loading} data-autofocus>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
