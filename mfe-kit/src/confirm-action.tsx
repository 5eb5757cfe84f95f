import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { apiErrorMessage } from './api-error';

/**
 * An action that asks first (a delete, a cancellation): whether its dialog is open, the call in
 * flight, and the API's refusal, which keeps the dialog open with its message.
 */
export function useConfirmAction(onConfirm: () => Promise<unknown>) {
  const [opened, setOpened] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const open = () => {
    setError(null);
    setOpened(true);
  };
  const close = () => {
    if (!pending) setOpened(false);
  };
  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      await onConfirm();
      setOpened(false);
    } catch (cause) {
      setError(apiErrorMessage(cause));
    } finally {
      setPending(false);
    }
  };
  return { opened, pending, error, open, close, confirm };
}

export type ConfirmAction = ReturnType<typeof useConfirmAction>;

export interface ConfirmModalProps {
  action: ConfirmAction;
  title: string;
  text: string;
  /** The way out («Annulla», «No, tienila»): it has the focus when the dialog opens, so that Enter pressed out of habit does nothing. */
  keepLabel: string;
  confirmLabel: string;
}

/** The dialog of a `useConfirmAction`: the question, the refusal if any, the way out and the (red) confirmation. */
export function ConfirmModal({ action, title, text, keepLabel, confirmLabel }: ConfirmModalProps) {
  return (
    <Modal opened={action.opened} onClose={action.close} title={title} centered trapFocus returnFocus>
      <Stack gap="md">
        <Text>{text}</Text>
        {action.error && (
          <Alert color="red" role="alert">
            {action.error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={action.close} disabled={action.pending} data-autofocus>
            {keepLabel}
          </Button>
          <Button color="red" onClick={() => void action.confirm()} loading={action.pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
