import { Button } from '@mantine/core';
import { IT_WEBINAR_PAGES } from '@incontra/contracts/messages/it-webinar-pages';
import { ConfirmModal, useConfirmAction } from '@incontra/mfe-kit/confirm-action';

const T = IT_WEBINAR_PAGES.registration;

export interface CancelRegistrationProps {
  /** The webinar's title, named in the question. */
  title: string;
  /** The cancellation; a refusal keeps the dialog open with the API's reason. */
  onConfirm(): Promise<unknown>;
}

/**
 * Cancelling asks first. «No, mantienila» has the focus when the dialog opens, so that Enter
 * pressed out of habit cancels nothing.
 */
export function CancelRegistration({ title, onConfirm }: CancelRegistrationProps) {
  const action = useConfirmAction(onConfirm);
  return (
    <>
      <Button color="red" variant="light" onClick={action.open} style={{ alignSelf: 'flex-start' }}>
        {T.cancel}
      </Button>
      <ConfirmModal action={action} title={T.cancelDialogTitle} text={T.cancelDialogText(title)} keepLabel={T.cancelKeep} confirmLabel={T.cancelConfirm} />
    </>
  );
}
