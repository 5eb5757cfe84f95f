import * as z from 'zod/mini';
import { participantIdentitySchema, participantRoleSchema, roleOfIdentity, type RoomTokenClaims } from '@incontra/contracts/api/video-room';
import { epochSeconds, signCompactJwt, verifyCompactJwt } from '../common/compact-jwt';

export { epochSeconds };

/* The `local` engine's room token: a compact HS256 JWT (common/compact-jwt). */

const claimsSchema = z.object({
  cid: z.uuid(),
  rid: z.uuid(),
  sub: participantIdentitySchema,
  role: participantRoleSchema,
  name: z.string(),
  iat: z.int(),
  exp: z.int(),
});

export type RoomTokenProblem = 'malformed' | 'bad-signature' | 'expired';
export type RoomTokenCheck =
  | { ok: true; claims: RoomTokenClaims }
  | { ok: false; problem: 'expired'; claims: RoomTokenClaims }
  | { ok: false; problem: Exclude<RoomTokenProblem, 'expired'> };

export function signRoomToken(claims: RoomTokenClaims, secret: string): string {
  const { cid, rid, sub, role, name, iat, exp } = claims;
  return signCompactJwt({ cid, rid, sub, role, name, iat, exp }, secret);
}

/** The claims of a genuine, unexpired token (a genuine expired one says so, with its claims). */
export function verifyRoomToken(token: string, secret: string, now: Date): RoomTokenCheck {
  const verified = verifyCompactJwt(token, secret);
  if (!verified.ok) return verified;
  const parsed = claimsSchema.safeParse(verified.payload);
  if (!parsed.success || roleOfIdentity(parsed.data.sub) !== parsed.data.role) return { ok: false, problem: 'malformed' };
  if (parsed.data.exp <= epochSeconds(now)) return { ok: false, problem: 'expired', claims: parsed.data };
  return { ok: true, claims: parsed.data };
}
