import { Alert, Button, Group, Stack } from '@mantine/core';
import { WEBINAR_TRANSITIONS, type Webinar } from '@incontra/contracts/api/webinars';
import { IT_WEBINAR_BACKOFFICE } from '@incontra/contracts/messages/it-webinar-backoffice';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { ConfirmModal, useConfirmAction } from '@incontra/mfe-kit/confirm-action';
import { useMoveWebinar, type WebinarMove } from '../api/move-webinar';

const A = IT_WEBINAR_BACKOFFICE.actions;

/**
 * The moves WEBINAR_TRANSITIONS allows from the webinar's status. Publishing and starting go at
 * once; ending and cancelling ask first (cancelling says the registrants will be e-mailed), a
 * refusal kept in their dialog. A refusal of the others shows beside the buttons.
 */
export function WebinarStatusActions({ webinar }: { webinar: Webinar }) {
  const move = useMoveWebinar();
  const end = useConfirmAction(() => move.mutateAsync({ id: webinar.id, status: 'ended' }));
  const cancel = useConfirmAction(() => move.mutateAsync({ id: webinar.id, status: 'cancelled' }));
  const moves = WEBINAR_TRANSITIONS[webinar.status];
  if (moves.length === 0) return null;

  const pending = (status: WebinarMove) => move.isPending && move.variables?.status === status;
  const direct = (status: WebinarMove) => move.mutate({ id: webinar.id, status });
  const asked = move.variables?.status === 'ended' || move.variables?.status === 'cancelled';
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        {moves.includes('published') && (
          <Button onClick={() => direct('published')} loading={pending('published')}>
            {A.publish}
          </Button>
        )}
        {moves.includes('live') && (
          <Button onClick={() => direct('live')} loading={pending('live')}>
            {A.start}
          </Button>
        )}
        {moves.includes('ended') && (
          <Button color="red" variant="light" onClick={end.open}>
            {A.end}
          </Button>
        )}
        {moves.includes('cancelled') && (
          <Button color="red" variant="light" onClick={cancel.open}>
            {A.cancel}
          </Button>
        )}
      </Group>
      {move.isError && !asked && (
        <Alert color="red" role="alert">
          {apiErrorMessage(move.error)}
        </Alert>
      )}
      <ConfirmModal action={end} title={A.confirmEndTitle} text={A.confirmEndText(webinar.title)} keepLabel={A.keep} confirmLabel={A.end} />
      <ConfirmModal
        action={cancel}
        title={A.confirmCancelTitle}
        text={A.confirmCancelText(webinar.title, webinar.registered)}
        keepLabel={A.keep}
        confirmLabel={A.cancel}
      />
    </Stack>
  );
}
