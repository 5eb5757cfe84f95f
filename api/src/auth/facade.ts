import type { Tx } from '../db/database';
import * as resetTokens from './reset-token-repository';
import { newToken, tokenHash } from './tokens';

/*
 * What other domains may call of auth, inside their own transaction: a domain calls another's
 * facade, never its repository (eslint.config.mjs).
 */

/**
 * A new single-use link's token to choose the user's password, valid `ttlMs` from `now`; the
 * user's older, unused links stop working. Only its hash is stored: the token is for the e-mail.
 */
export async function issuePasswordToken(tx: Tx, companyId: string, userId: string, now: Date, ttlMs: number): Promise<string> {
  const token = newToken();
  await resetTokens.retireUserResetTokens(tx, companyId, userId, now);
  await resetTokens.insertResetToken(tx, { tokenHash: tokenHash(token), companyId, userId, createdAt: now, expiresAt: new Date(now.getTime() + ttlMs) });
  return token;
}
