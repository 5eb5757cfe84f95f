import { Button } from '@mantine/core';
import { IT_BOOKING_PAGES } from '@incontra/contracts/messages/it-booking-pages';
import { ConfirmModal, useConfirmAction } from '@incontra/mfe-kit/confirm-action';

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
  const action = useConfirmAction(onConfirm);
  return (
    <>
      <Button color="red" variant="light" onClick={action.open}>
        {T.cancel}
      </Button>
      <ConfirmModal action={action} title={T.cancelDialogTitle} text={T.cancelDialogText(when)} keepLabel={T.cancelKeep} confirmLabel={T.cancelConfirm} />
    </>
  );
}
