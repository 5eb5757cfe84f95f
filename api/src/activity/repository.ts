import {
  ACTIVITY_PAGE_SIZE,
  ACTIVITY_RETENTION_DAYS,
  activityCursor,
  parseActivityCursor,
  type ActivityEntry,
  type ActivityPage,
  type ActivityQuery,
  type ActivityRetentionDays,
} from '@incontra/contracts/api/activity';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { activityLog, activitySettings } from '../db/schema';

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

/** The company's retention in days; null (also with no settings row): entries are kept for ever. */
export async function readRetentionDays(tx: Tx, companyId: string): Promise<ActivityRetentionDays | null> {
  const [row] = await tx.select({ retentionDays: activitySettings.retentionDays }).from(activitySettings).where(eq(activitySettings.companyId, companyId));
  // A check constraint holds the column to ACTIVITY_RETENTION_DAYS.
  return (row?.retentionDays ?? null) as ActivityRetentionDays | null;
}

export async function writeRetentionDays(tx: Tx, companyId: string, retentionDays: ActivityRetentionDays | null): Promise<void> {
  await tx
    .insert(activitySettings)
    .values({ companyId, retentionDays })
    .onConflictDoUpdate({ target: activitySettings.companyId, set: { retentionDays, updatedAt: sql`now()` } });
}

/** For each retention choice, how many of the company's entries are older than it at `now`. */
export async function countOlderThanEachChoice(tx: Tx, companyId: string, now: Date): Promise<{ days: ActivityRetentionDays; entries: number }[]> {
  const counts = ACTIVITY_RETENTION_DAYS.map(
    (days) => sql<number>`count(*) filter (where ${activityLog.createdAt} < ${retentionCutoff(now, days).toISOString()}::timestamptz)::int`,
  );
  const [row] = await tx
    .select({ counts: sql<number[]>`array[${sql.join(counts, sql`, `)}]` })
    .from(activityLog)
    .where(eq(activityLog.companyId, companyId));
  return ACTIVITY_RETENTION_DAYS.map((days, i) => ({ days, entries: row?.counts[i] ?? 0 }));
}

/**
 * Deletes up to `limit` of the company's entries past its retention at `now`, the oldest first;
 * answers how many went (none when it keeps them for ever). The log is append-only for the
 * application: this goes through the database function that applies the retention (drizzle/0014).
 */
export async function expireActivity(tx: Tx, companyId: string, now: Date, limit: number): Promise<number> {
  // Called from the settings' row: a company without one (for ever) is not even asked.
  const [row] = await tx
    .select({ deleted: sql<number>`expire_activity_log(${activitySettings.companyId}, ${now.toISOString()}::timestamptz, ${limit}::integer)` })
    .from(activitySettings)
    .where(eq(activitySettings.companyId, companyId));
  return row?.deleted ?? 0;
}

const DAY_MS = 24 * 3600_000;

/** The instant before which an entry is past a retention of `days` at `now`. */
function retentionCutoff(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}
