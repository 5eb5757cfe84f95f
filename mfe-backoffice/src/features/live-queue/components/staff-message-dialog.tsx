import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { staffMessageBodySchema, type StaffJoinRequest } from '@incontra/contracts/api/join-requests';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import type { StaffReply } from '../api/answer-join-request';

export interface MessageTarget {
  request: StaffJoinRequest;
  kind: StaffReply;
}

interface StaffMessageDialogProps {
  target: MessageTarget | null;
  onClose(): void;
  /** Sends the message: null when done, else the sentence to show. */
  onSend(target: MessageTarget, message: string): Promise<string | null>;
}

const DEFAULTS: Record<StaffReply, string> = { reject: IT_LOBBY.staff.rejectDefault, busy: IT_LOBBY.staff.busyDefault };

/** The message a visitor reads with a rejection or a busy answer, prefilled and editable. */
export function StaffMessageDialog({ target, onClose, onSend }: StaffMessageDialogProps) {
  const staff = IT_LOBBY.staff;
  const title = target ? (target.kind === 'reject' ? staff.rejectTitle : staff.busyTitle)(target.request.name) : '';
  return (
    <Modal.Root opened={target !== null} onClose={onClose} centered>
      <Modal.Overlay />
      <Modal.Content data-testid="staff-message-dialog">
        <Modal.Header>
          <Modal.Title>{title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>{target && <MessageForm key={`${target.request.id}:${target.kind}`} target={target} onClose={onClose} onSend={onSend} />}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

function MessageForm({ target, onClose, onSend }: { target: MessageTarget } & Omit<StaffMessageDialogProps, 'target'>) {
  const [message, setMessage] = useState(DEFAULTS[target.kind]);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = staffMessageBodySchema.safeParse({ message });
    if (!body.success) {
      setFieldError(body.error.issues[0]?.message ?? IT_LOBBY.errors.messageRequired);
      return;
    }
    setSending(true);
    setFailure(null);
    const problem = await onSend(target, body.data.message);
    setSending(false);
    if (problem === null) onClose();
    else setFailure(problem);
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Textarea
          label={IT_LOBBY.staff.messageLabel}
          value={message}
          onChange={(event) => {
            setMessage(event.currentTarget.value);
            setFieldError(null);
          }}
          error={fieldError}
          autosize
          minRows={3}
          data-autofocus
          required
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={sending}>
            {IT_LOBBY.staff.cancel}
          </Button>
          <Button type="submit" loading={sending}>
            {IT_LOBBY.staff.send}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
