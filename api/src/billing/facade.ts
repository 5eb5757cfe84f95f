import type { Tx } from '../db/database';
import { lockoutAt, type Lockout } from './lockout';
import { findSubscription } from './repository';

/*
 * What other domains may read of billing, inside their own transaction: a domain calls another's
 * facade, never its repository (eslint.config.mjs).
 */

export type { Lockout } from './lockout';

/**
 * Whether the company is open only for billing at `now`, and until when that answer holds by time
 * alone (see lockoutAt). Tenancy reads it with the company's data, which it caches by host: the
 * subscription's changes drop that entry (updateSubscription marks the company changed), and the
 * entry never outlives `changesAt`.
 */
export async function readLockout(tx: Tx, companyId: string, now: Date): Promise<Lockout> {
  const row = await findSubscription(tx, companyId);
  return lockoutAt(row?.subscription ?? null, now);
}
