import type { ParticipantRole, VideoProvider } from '@incontra/contracts/api/video-room';

export interface RoomTokenRequest {
  companyId: string;
  roomId: string;
  identity: string;
  role: ParticipantRole;
  displayName: string;
}

export interface IssuedRoomToken {
  token: string;
  /** The provider's name of the room the token opens. */
  roomName: string;
  expiresAt: Date;
}

/** The video port's token side: `local` signs its own room tokens, `twilio` mints access tokens. */
export interface RoomTokenIssuer {
  readonly provider: VideoProvider;
  /** The provider's name of a room: stable, so every participant lands in the same one. */
  roomNameFor(companyId: string, roomId: string): string;
  issue(request: RoomTokenRequest): IssuedRoomToken;
}
