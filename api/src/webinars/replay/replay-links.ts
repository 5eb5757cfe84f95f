import * as z from 'zod/mini';
import { epochSeconds, signCompactJwt, verifyCompactJwt } from '../../common/compact-jwt';

/*
 * A replay link: GET /api/replay?token=…, where the token (a compact HS256 JWT with the video
 * tokens' secret) names the company and the webinar and expires. `use: 'replay'` keeps a join
 * credential, signed with the same secret, from opening a replay and the other way round.
 */

const replayClaimsSchema = z.object({ use: z.literal('replay'), cid: z.uuid(), wid: z.uuid(), exp: z.int() });
export type ReplayClaims = z.infer<typeof replayClaimsSchema>;

export const REPLAY_PATH = '/api/replay';

export function signReplayToken(companyId: string, webinarId: string, secret: string, expiresAt: Date): string {
  return signCompactJwt({ use: 'replay', cid: companyId, wid: webinarId, exp: epochSeconds(expiresAt) }, secret);
}

/** The claims of a genuine, unexpired replay token, or null. */
export function verifyReplayToken(token: string, secret: string, now: Date): ReplayClaims | null {
  const verified = verifyCompactJwt(token, secret);
  if (!verified.ok) return null;
  const parsed = replayClaimsSchema.safeParse(verified.payload);
  if (!parsed.success || parsed.data.exp <= epochSeconds(now)) return null;
  return parsed.data;
}

/** A byte range of a file `size` long from an HTTP Range header (one range, `bytes=a-b`, `a-`, `-n`); null: none asked; 'unsatisfiable'. */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'unsatisfiable';
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start > end || start >= size) return 'unsatisfiable';
  return { start, end };
}
