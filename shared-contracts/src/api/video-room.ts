import * as z from 'zod/mini';
import { IT_ROOM } from '../messages/it-room';

/** Which engine a room runs on: the built-in WebRTC mesh, or Twilio Video when configured. */
export const VIDEO_PROVIDERS = ['local', 'twilio'] as const;
export const videoProviderSchema = z.enum(VIDEO_PROVIDERS);
export type VideoProvider = z.infer<typeof videoProviderSchema>;

/** Staff keep order (mute others, remove them); guests arrive through the lobby. */
export const PARTICIPANT_ROLES = ['staff', 'guest'] as const;
export const participantRoleSchema = z.enum(PARTICIPANT_ROLES);
export type ParticipantRole = z.infer<typeof participantRoleSchema>;

/** RTCIceServer as the browser takes it. */
export const iceServerSchema = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.optional(z.string()),
  credential: z.optional(z.string()),
});
export type IceServer = z.infer<typeof iceServerSchema>;

/**
 * A participant identity is minted by the server, one per join: `<role>-<uuid>`. The role prefix
 * is therefore server-stamped, which lets either engine tell staff from guests without trusting
 * anything a peer says.
 */
export const participantIdentitySchema = z.string().check(z.regex(/^(staff|guest)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/));

export function newIdentityFor(role: ParticipantRole, uuid: string): string {
  return `${role}-${uuid}`;
}

export function roleOfIdentity(identity: string): ParticipantRole | null {
  if (identity.startsWith('staff-')) return 'staff';
  if (identity.startsWith('guest-')) return 'guest';
  return null;
}

export const DISPLAY_NAME_MAX_LENGTH = 60;

/**
 * POST /api/video-room/{id}/join body, optional: the name the others see (the account's name
 * otherwise). A guest sends `joinRequestId` (its approved request) with its visitor token as
 * `Authorization: Bearer …` instead of a staff session.
 */
export const joinRoomBodySchema = z.object({
  joinRequestId: z.optional(z.uuid({ error: IT_ROOM.joinRequestIdInvalid })),
  displayName: z.optional(
    z
      .string({ error: IT_ROOM.displayNameRequired })
      .check(z.trim(), z.minLength(1, IT_ROOM.displayNameRequired), z.maxLength(DISPLAY_NAME_MAX_LENGTH, IT_ROOM.displayNameTooLong)),
  ),
});
export type JoinRoomBody = z.infer<typeof joinRoomBodySchema>;

/** POST /api/video-room/{id}/join */
export const joinRoomResponseSchema = z.object({
  provider: videoProviderSchema,
  /** `local`: the signed room token for the signalling socket; `twilio`: a Twilio access token. */
  token: z.string(),
  /** The provider's room name (`local`: the room id; `twilio`: company and room ids). */
  roomName: z.string(),
  identity: z.string(),
  role: participantRoleSchema,
  displayName: z.string(),
  iceServers: z.array(iceServerSchema),
  /** ISO date-time after which the token is refused. */
  expiresAt: z.string(),
  /** What the room header shows. */
  room: z.object({ id: z.uuid(), name: z.string(), maxParticipants: z.nullable(z.int()) }),
  /** Path of the signalling WebSocket (local engine). */
  signallingPath: z.string(),
  /**
   * A `local`-format room token of the same identity, room and expiry whatever the provider (for
   * `local` it is `token`): a guest sends it as `Authorization: Bearer …` to upload a chat file,
   * having no session. Staff get one too and keep using their cookie.
   */
  uploadToken: z.string(),
});
export type JoinRoomResponse = z.infer<typeof joinRoomResponseSchema>;

/** The claims of a `local` room token (HS256 JWT). */
export interface RoomTokenClaims {
  /** Company id. */
  cid: string;
  /** Room id. */
  rid: string;
  /** Participant identity (also the token id a kick revokes). */
  sub: string;
  role: ParticipantRole;
  name: string;
  /** Issued at / expiry, seconds since the epoch. */
  iat: number;
  exp: number;
}
