import {
  ACTIVITY_PAGE_SIZE,
  activityCursor,
  parseActivityCursor,
  type ActivityEntry,
  type ActivityPage,
  type ActivityQuery,
} from '@incontra/contracts/api/activity';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { activityLog } from '../db/schema';

// To the microsecond, in UTC: a JavaScript Date would drop the last three digits, and a page
// ending inside a millisecond would then skip or repeat the entries sharing it.
const createdAtIso = sql<string>`to_char(${activityLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A page of the company's log, newest first; `next` is where the following page starts. */
export async function listActivity(tx: Tx, companyId: string, query: ActivityQuery): Promise<ActivityPage> {
  const conditions: SQL[] = [eq(activityLog.companyId, companyId)];
  if (query.userId) conditions.push(eq(activityLog.userId, query.userId));
  if (query.entityType) conditions.push(eq(activityLog.entityType, query.entityType));
  if (query.before) {
    const { createdAt, id } = parseActivityCursor(query.before);
    conditions.push(sql`(${activityLog.createdAt}, ${activityLog.id}) < (${createdAt}::timestamptz, ${id}::uuid)`);
  }
  // One more than a page says whether another follows.
  const rows = await tx
    .select({
      id: activityLog.id,
      userId: activityLog.userId,
      userName: activityLog.userName,
      action: activityLog.action,
      entityType: activityLog.entityType,
      entityId: activityLog.entityId,
      summary: activityLog.summary,
      createdAt: createdAtIso,
    })
    .from(activityLog)
    .where(and(...conditions))
    .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
    .limit(ACTIVITY_PAGE_SIZE + 1);
  // action and entityType are the contract's (a check constraint and recordActivity's type).
  const entries = rows.slice(0, ACTIVITY_PAGE_SIZE) as ActivityEntry[];
  const last = entries.at(-1);
  return { entries, next: rows.length > ACTIVITY_PAGE_SIZE && last ? activityCursor(last) : null };
}
