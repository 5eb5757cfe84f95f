import { Alert, Button, Group, Modal, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useId, useState } from 'react';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';

const { form: FORM } = IT_MANAGEMENT;

export interface ConfirmDeleteButtonProps {
  /** What is deleted, as the user knows it («Sala 1»). */
  name: string;
  /** The deletion; a rejection (ApiRequestError) keeps the dialog open with its message. */
  onConfirm: () => Promise<unknown>;
  label?: string;
  disabled?: boolean;
  /** Why the button is disabled: a tooltip on hover, the button's description for screen readers. */
  disabledReason?: string;
}

/**
 * A delete button that asks first. «Annulla» has the focus when the dialog opens, so that Enter
 * pressed out of habit does not delete anything.
 */
export function ConfirmDeleteButton({ name, onConfirm, label = FORM.delete, disabled = false, disabledReason }: ConfirmDeleteButtonProps) {
  const reasonId = useId();
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

  const explained = disabled && disabledReason;
  const button = (
    <Button color="red" variant="light" size="xs" onClick={open} disabled={disabled} aria-describedby={explained ? reasonId : undefined}>
      {label}
    </Button>
  );

  return (
    <>
      {explained ? (
        // A disabled button gets no pointer events: the tooltip listens on a wrapper.
        <Tooltip label={disabledReason}>
          <span>
            {button}
            <VisuallyHidden id={reasonId}>{disabledReason}</VisuallyHidden>
          </span>
        </Tooltip>
      ) : (
        button
      )}
      <Modal opened={opened} onClose={close} title={FORM.confirmDeleteTitle} centered trapFocus returnFocus>
        <Stack gap="md">
          <Text>{FORM.confirmDeleteText(name)}</Text>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={pending} data-autofocus>
              {FORM.cancel}
            </Button>
            <Button color="red" onClick={() => void confirm()} loading={pending}>
              {FORM.delete}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
