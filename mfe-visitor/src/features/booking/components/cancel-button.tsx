import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { IT_BOOKING_PAGES } from '@incontra/contracts/messages/it-booking-pages';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';

const T = IT_BOOKING_PAGES.manage;

export interface CancelButtonProps {
  /** The appointment's date and time as the customer reads it. */
  when: string;
  /** The cancellation; a refusal keeps the dialog open with the API's reason. */
  onConfirm(): Promise<unknown>;
}

/**
 * Cancelling asks first. «No, tienila» has the focus when the dialog opens, so that Enter pressed
 * out of habit cancels nothing.
 */
export function CancelButton({ when, onConfirm }: CancelButtonProps) {
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

  return (
    <>
      <Button color="red" variant="light" onClick={open}>
        {T.cancel}
      </Button>
      <Modal opened={opened} onClose={close} title={T.cancelDialogTitle} centered trapFocus returnFocus>
        <Stack gap="md">
          <Text>{T.cancelDialogText(when)}</Text>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={pending} data-autofocus>
              {T.cancelKeep}
            </Button>
            <Button color="red" onClick={() => void confirm()} loading={pending}>
              {T.cancelConfirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
