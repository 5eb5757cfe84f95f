import type { RemovalReason } from '../engine/types';
import type { RoomErrorKind } from '../store/connection-slice';

/** Twilio's "Room contains too many Participants". */
const TWILIO_ROOM_FULL = 53105;

/** What the UI says when the server puts us out; a token refused on the way in is a failed join. */
export function removalError(reason: RemovalReason, stillConnecting: boolean): RoomErrorKind {
  if (reason === 'room-full') return 'room-full';
  if (reason === 'unauthorized' && stillConnecting) return 'join-failed';
  return 'removed';
}

/** A connect that rejected without the engine saying why first. */
export function connectError(error: unknown): RoomErrorKind {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return code === TWILIO_ROOM_FULL ? 'room-full' : 'join-failed';
}
