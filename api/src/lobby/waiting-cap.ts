import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import { WAITING_STATUSES } from '@incontra/contracts/api/join-requests';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import type { Tx } from '../db/database';
import { joinRequests } from '../db/schema';
import { HttpError } from '../http/http-error';

/**
 * Requests of the store still waiting: phone being proven, in the queue, or asked to wait, whose
 * deadline has not passed (one the sweeper has not reached yet waits for nobody).
 */
async function countWaiting(tx: Tx, companyId: string, storeId: string, now: Date): Promise<number> {
  const [row] = await tx
    .select({ waiting: count() })
    .from(joinRequests)
    .where(
      and(
        eq(joinRequests.companyId, companyId),
        eq(joinRequests.storeId, storeId),
        inArray(joinRequests.status, [...WAITING_STATUSES]),
        gt(joinRequests.expiresAt, now),
      ),
    );
  return row?.waiting ?? 0;
}

/**
 * Takes the store's waiting lock for the rest of the transaction: every request entering the
 * store's queue counts and inserts under it, so parallel requests see each other's rows and the
 * cap holds exactly. A transaction-level advisory lock, keyed by the store (ids are unique across
 * companies), works the same on PostgreSQL and PGlite and is released by commit or rollback.
 */
export async function lockStoreQueue(tx: Tx, storeId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`lobby-waiting:${storeId}`}, 0))`);
}

/**
 * 429 when `cap` visitors already wait in the store (LOBBY_MAX_WAITING_PER_STORE): anybody can send
 * a live request, so without a cap a few addresses fill a company's queue. Call it after
 * `lockStoreQueue`, in the transaction that inserts.
 */
export async function requireWaitingPlace(tx: Tx, companyId: string, storeId: string, cap: number, now: Date): Promise<void> {
  if ((await countWaiting(tx, companyId, storeId, now)) >= cap) throw new HttpError(429, IT_LOBBY.errors.queueFull);
}
