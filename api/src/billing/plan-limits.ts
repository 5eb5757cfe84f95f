import { sql } from 'drizzle-orm';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import type { Tx } from '../db/database';
import { HttpError } from '../http/http-error';
import { countActiveUsers, countRooms, findSubscription } from './repository';

export type LimitedResource = 'users' | 'rooms';

/** Whether one more fits: -1 is unlimited, otherwise the count must stay below the limit. */
export function hasRoomFor(limit: number, used: number): boolean {
  return limit === -1 || limit - used > 0;
}

/**
 * The company's plan lock (transaction-scoped, released at commit or rollback): writes that change
 * what the plan counts (users, rooms) take it so they are counted one after another. Taken twice
 * in one transaction it is simply held.
 */
export async function lockPlanUsage(tx: Tx, companyId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('incontra.plan-usage'), hashtext(${companyId}))`);
}

/**
 * Refuses (422, with the reason) one more active user or room beyond the company's plan. Call it
 * inside the transaction that then inserts: it first takes the company's plan lock (a
 * transaction-scoped advisory lock), so parallel creates are counted one after another and 20 of
 * them at `limit - 1` give exactly one success. The lock is released at commit or rollback.
 */
export async function assertPlanAllowsOneMore(tx: Tx, companyId: string, resource: LimitedResource): Promise<void> {
  await lockPlanUsage(tx, companyId);
  const subscription = await findSubscription(tx, companyId);
  const limit = subscription ? (resource === 'users' ? subscription.plan.usersLimit : subscription.plan.rooms) : 0;
  const used = resource === 'users' ? await countActiveUsers(tx, companyId) : await countRooms(tx, companyId);
  if (!hasRoomFor(limit, used)) throw new HttpError(422, IT_MANAGEMENT.planLimit[resource]);
}
