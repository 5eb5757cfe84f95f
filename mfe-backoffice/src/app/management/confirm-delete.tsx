import { Button, Tooltip, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { ConfirmModal, useConfirmAction } from '@incontra/mfe-kit/confirm-action';

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
  const action = useConfirmAction(onConfirm);

  const explained = disabled && disabledReason;
  const button = (
    <Button color="red" variant="light" size="xs" onClick={action.open} disabled={disabled} aria-describedby={explained ? reasonId : undefined}>
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
      <ConfirmModal action={action} title={FORM.confirmDeleteTitle} text={FORM.confirmDeleteText(name)} keepLabel={FORM.cancel} confirmLabel={FORM.delete} />
    </>
  );
}
