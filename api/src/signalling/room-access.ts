import type { RoomTokenClaims } from '@incontra/contracts/api/video-room';

/** What a genuine room token grants: its claims, and the room's limit at the time of `hello`. */
export interface RoomAccess {
  claims: RoomTokenClaims;
  maxParticipants: number | null;
}

/**
 * Null for anything not to be let in: forged, revoked, a room that is gone, or expired — unless
 * `holdsSeat` says its identity is still in the room (a call outlasting its token may reconnect).
 */
export type AuthorizeRoomToken = (token: string, holdsSeat: HoldsSeat) => Promise<RoomAccess | null>;

/** Asked of the room's owning process, which may be another one. */
export type HoldsSeat = (claims: RoomTokenClaims) => Promise<boolean>;
