import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod/mini';
import { participantIdentitySchema, participantRoleSchema, roleOfIdentity, type RoomTokenClaims } from '@incontra/contracts/api/video-room';

/*
 * The `local` engine's room token: a compact HS256 JWT written with node:crypto. Only the one
 * header this server writes is accepted, so `alg: none` or an algorithm swap never verifies.
 */

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

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

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

function signatureOf(signingInput: string, secret: string): string {
  return createHmac('sha256', secret).update(signingInput).digest('base64url');
}

/** Seconds since the epoch, as JWT `iat`/`exp` count. */
export function epochSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

export function signRoomToken(claims: RoomTokenClaims, secret: string): string {
  const { cid, rid, sub, role, name, iat, exp } = claims;
  const signingInput = `${HEADER}.${base64url(JSON.stringify({ cid, rid, sub, role, name, iat, exp }))}`;
  return `${signingInput}.${signatureOf(signingInput, secret)}`;
}

/**
 * The claims of a genuine, unexpired token (a genuine expired one says so, with its claims). The signature is compared in constant time, on the
 * base64url text itself so that no second spelling of the same bytes is accepted.
 */
export function verifyRoomToken(token: string, secret: string, now: Date): RoomTokenCheck {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, problem: 'malformed' };
  const [header, payload, signature] = parts as [string, string, string];
  if (header !== HEADER) return { ok: false, problem: 'malformed' };
  const expected = Buffer.from(signatureOf(`${header}.${payload}`, secret));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, problem: 'bad-signature' };
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, problem: 'malformed' };
  }
  const parsed = claimsSchema.safeParse(decoded);
  if (!parsed.success || roleOfIdentity(parsed.data.sub) !== parsed.data.role) return { ok: false, problem: 'malformed' };
  if (parsed.data.exp <= epochSeconds(now)) return { ok: false, problem: 'expired', claims: parsed.data };
  return { ok: true, claims: parsed.data };
}
