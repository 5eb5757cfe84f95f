import type { VisitorCredentials } from '@incontra/contracts/api/join-requests';
import { ApiRequestError } from '@incontra/contracts/http';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { joinRoom, type JoinRoomCall } from '../../room/api/join-room';
import { joinFailureOf, type JoinFailure } from '../../room/utils/join-error';

/** The approved visitor's join: its request and its visitor token, no session. */
export function guestJoinCall(credentials: VisitorCredentials): JoinRoomCall {
  return (roomId, body) => joinRoom(roomId, { ...body, joinRequestId: credentials.requestId }, { authorization: `Bearer ${credentials.visitorToken}` });
}

const REQUEST_REFUSALS: readonly string[] = [IT_LOBBY.errors.notApproved, IT_LOBBY.errors.requestClosed];

/**
 * A guest's refused join in words. A 409 is either the room being full or the request not (or
 * no longer) letting it in: the API's own sentence says which. A 401/403/404 means this tab's
 * request is unknown to the server (or for another room).
 */
export function guestJoinFailureOf(error: unknown): JoinFailure {
  if (error instanceof ApiRequestError) {
    const message = error.body?.message;
    if (error.status === 409 && message && REQUEST_REFUSALS.includes(message)) return { kind: 'join-failed', message };
    if (error.status === 404) return { kind: 'join-failed', message: IT_LOBBY.errors.requestNotFound };
    if (error.status === 401 || error.status === 403) return { kind: 'join-failed', message: IT_LOBBY.errors.visitorTokenRequired };
  }
  return joinFailureOf(error);
}
