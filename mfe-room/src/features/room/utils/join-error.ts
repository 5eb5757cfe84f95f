import { ApiRequestError } from '@incontra/contracts/http';
import { IT } from '@incontra/contracts/messages/it';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import type { RoomErrorKind } from '../components/notices/room-error-alert';

export interface JoinFailure {
  kind: RoomErrorKind;
  message: string;
}

/** A refused join in words: the room full (409, the API's own reason), unknown (404), or else. */
export function joinFailureOf(error: unknown): JoinFailure {
  if (!(error instanceof ApiRequestError)) return { kind: 'join-failed', message: IT_ROOM.roomErrors['join-failed'] };
  switch (error.status) {
    case 409:
      return { kind: 'room-full', message: error.body?.message ?? IT_ROOM.roomErrors['room-full'] };
    case 404:
      return { kind: 'join-failed', message: IT_ROOM.roomNotFound };
    case 401:
    case 403:
      return { kind: 'join-failed', message: IT_ROOM.signInRequired };
    case 0:
      return { kind: 'join-failed', message: IT.errors.network };
    default:
      return { kind: 'join-failed', message: IT_ROOM.roomErrors['join-failed'] };
  }
}
