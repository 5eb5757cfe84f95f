import { useState } from 'react';
import type { StaffJoinRequest } from '@incontra/contracts/api/join-requests';
import { ApiRequestError } from '@incontra/contracts/http';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { ROUTES } from '@incontra/contracts/routes';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { approveJoinRequest, replyToJoinRequest, type StaffReply } from '../api/answer-join-request';
import type { LobbyClient } from '../realtime/lobby-client';

export type QueueAction = 'approve' | StaffReply;

/** 409 (somebody else answered, or it closed) and 404 (gone): the request is no longer ours to answer. */
function goneMessage(error: unknown): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  if (error.status === 409) return error.body?.message ?? IT_LOBBY.errors.takenByOther;
  if (error.status === 404) return error.body?.message ?? IT_LOBBY.errors.requestNotFound;
  return null;
}

/**
 * Approve, reject and busy, one at a time per request. The state lives here rather than in the
 * queue item: the socket may remove the item (approved by me) before the approval's answer
 * arrives, and the answer must still take the staff member into the room.
 */
export function useQueueActions(client: LobbyClient) {
  const { navigate, notify } = useMfeProps();
  const [pending, setPending] = useState<Readonly<Record<string, QueueAction>>>({});

  const begin = (id: string, action: QueueAction) => setPending((current) => ({ ...current, [id]: action }));
  const settle = (id: string) =>
    setPending((current) => {
      const { [id]: _settled, ...rest } = current;
      return rest;
    });

  /** True when the failure means the request left: it is dropped and the reason shown. */
  function dropIfGone(id: string, error: unknown): boolean {
    const message = goneMessage(error);
    if (message === null) return false;
    client.remove(id);
    notify.show({ kind: 'error', message });
    return true;
  }

  async function approve(request: StaffJoinRequest): Promise<void> {
    begin(request.id, 'approve');
    try {
      const approved = await approveJoinRequest(request.id);
      client.applyRequest(approved.request);
      navigate(`${ROUTES.room}/${approved.roomId}`);
    } catch (error) {
      if (!dropIfGone(request.id, error)) notify.show({ kind: 'error', message: apiErrorMessage(error) });
    } finally {
      settle(request.id);
    }
  }

  /** Sends the message; answers null when done (or the request left), else what to show in the dialog. */
  async function reply(request: StaffJoinRequest, kind: StaffReply, message: string): Promise<string | null> {
    begin(request.id, kind);
    try {
      client.applyRequest(await replyToJoinRequest(request.id, kind, { message }));
      return null;
    } catch (error) {
      return dropIfGone(request.id, error) ? null : apiErrorMessage(error);
    } finally {
      settle(request.id);
    }
  }

  return { pending, approve, reply };
}
