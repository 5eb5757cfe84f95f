import * as z from 'zod/mini';
import { epochSeconds, signCompactJwt, verifyCompactJwt } from '../common/compact-jwt';

/*
 * The credential a webinar's join hands out (the built-in engine's): a compact HS256 JWT naming
 * the company, the webinar, the seat (a presenter's user id or a viewer's registration id) and
 * the role. Only presenters may publish: the live session reads the role from the token, never
 * from what a browser says. One seat per token subject: a second join replaces the first.
 */

export const webinarTokenClaimsSchema = z.object({
  cid: z.uuid(),
  wid: z.uuid(),
  seat: z.uuid(),
  role: z.enum(['presenter', 'viewer']),
  name: z.string(),
  iat: z.int(),
  exp: z.int(),
});
export type WebinarTokenClaims = z.infer<typeof webinarTokenClaimsSchema>;

export function signWebinarToken(claims: Omit<WebinarTokenClaims, 'iat' | 'exp'>, secret: string, now: Date, expiresAt: Date): string {
  const { cid, wid, seat, role, name } = claims;
  return signCompactJwt({ cid, wid, seat, role, name, iat: epochSeconds(now), exp: epochSeconds(expiresAt) }, secret);
}

/** The claims of a genuine, unexpired webinar token, or null. */
export function verifyWebinarToken(token: string, secret: string, now: Date): WebinarTokenClaims | null {
  const verified = verifyCompactJwt(token, secret);
  if (!verified.ok) return null;
  const parsed = webinarTokenClaimsSchema.safeParse(verified.payload);
  if (!parsed.success || parsed.data.exp <= epochSeconds(now)) return null;
  return parsed.data;
}
