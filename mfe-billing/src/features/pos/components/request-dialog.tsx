import { Modal } from '@mantine/core';
import type { PosCreated, PosCreateForm, PosPayment } from '@incontra/contracts/api/pos';
import { IT_POS_PAGES } from '@incontra/contracts/messages/it-pos-pages';
import { NewRequestForm } from './new-request-form';
import { RequestResult } from './request-result';

/** What the dialog shows: the form of a new request, or one request (just made, with what became of its SMS, or opened from the list). */
export type RequestDialogView = { kind: 'new' } | { kind: 'request'; id: string; initial?: PosPayment; sms?: PosCreated['sms'] };

interface RequestDialogProps {
  view: RequestDialogView | null;
  form: PosCreateForm;
  onView: (view: RequestDialogView) => void;
  onClose: () => void;
}

/** The request dialog: after «Crea la richiesta» it shows the request made, and stays open until closed. */
export function RequestDialog({ view, form, onView, onClose }: RequestDialogProps) {
  const current = view;
  const title = current?.kind === 'new' ? IT_POS_PAGES.create.title : IT_POS_PAGES.result.title;

  return (
    <Modal opened={view !== null} onClose={onClose} title={title} centered trapFocus returnFocus size="lg">
      {current?.kind === 'new' && (
        <NewRequestForm
          form={form}
          onCancel={onClose}
          onCreated={({ sms, ...payment }) => onView({ kind: 'request', id: payment.id, initial: payment, sms })}
        />
      )}
      {current?.kind === 'request' && (
        // The dialog's own «Chiudi» (and Escape) closes it; nothing else does.
        <RequestResult id={current.id} initial={current.initial} sms={current.sms ?? null} />
      )}
    </Modal>
  );
}
