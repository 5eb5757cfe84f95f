import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { webinarReplays } from '../../db/schema';

/*
 * A webinar's recording and replay (schema/webinars.ts, webinar_replays). Every function runs in
 * the caller's tenant transaction.
 */

export type ReplayRow = typeof webinarReplays.$inferSelect;

/** Recording turned on or off: the row made at the first start, kept `recording` until the end. */
export async function setRecording(tx: Tx, companyId: string, webinarId: string, on: boolean, now: Date): Promise<void> {
  await tx
    .insert(webinarReplays)
    .values({ companyId, webinarId, status: 'recording', recording: on, updatedAt: now })
    .onConflictDoUpdate({
      target: webinarReplays.webinarId,
      set: { recording: on, updatedAt: now },
      setWhere: eq(webinarReplays.status, 'recording'),
    });
}

export async function findReplay(tx: Tx, companyId: string, webinarId: string): Promise<ReplayRow | null> {
  const [row] = await tx
    .select()
    .from(webinarReplays)
    .where(and(eq(webinarReplays.companyId, companyId), eq(webinarReplays.webinarId, webinarId)));
  return row ?? null;
}

/** The webinar ended: what was recorded is due to become the replay at `dueAt` (the room's files closed by then). */
export async function markProcessing(tx: Tx, companyId: string, webinarId: string, dueAt: Date, now: Date): Promise<boolean> {
  const rows = await tx
    .update(webinarReplays)
    .set({ status: 'processing', recording: false, nextAttemptAt: dueAt, updatedAt: now })
    .where(and(eq(webinarReplays.companyId, companyId), eq(webinarReplays.webinarId, webinarId), eq(webinarReplays.status, 'recording')))
    .returning({ webinarId: webinarReplays.webinarId });
  return rows.length > 0;
}

/** Replays due to be made now, oldest first. */
export async function dueReplays(tx: Tx, companyId: string, now: Date, limit: number): Promise<{ webinarId: string; attempts: number }[]> {
  return tx
    .select({ webinarId: webinarReplays.webinarId, attempts: webinarReplays.attempts })
    .from(webinarReplays)
    .where(and(eq(webinarReplays.companyId, companyId), eq(webinarReplays.status, 'processing'), lte(webinarReplays.nextAttemptAt, now)))
    .orderBy(asc(webinarReplays.nextAttemptAt))
    .limit(limit);
}

/**
 * Takes one attempt at making the replay: a compare-and-set on the attempts seen, which also
 * leases it until `leaseUntil` (another process sees it not due; a crashed one's lease runs out).
 */
export async function claim(tx: Tx, companyId: string, webinarId: string, attemptsSeen: number, leaseUntil: Date, now: Date): Promise<boolean> {
  const rows = await tx
    .update(webinarReplays)
    .set({ attempts: sql`${webinarReplays.attempts} + 1`, nextAttemptAt: leaseUntil, updatedAt: now })
    .where(
      and(
        eq(webinarReplays.companyId, companyId),
        eq(webinarReplays.webinarId, webinarId),
        eq(webinarReplays.status, 'processing'),
        eq(webinarReplays.attempts, attemptsSeen),
      ),
    )
    .returning({ webinarId: webinarReplays.webinarId });
  return rows.length > 0;
}

export async function markReady(tx: Tx, companyId: string, webinarId: string, file: { key: string; bytes: number }, now: Date): Promise<void> {
  await tx
    .update(webinarReplays)
    .set({ status: 'ready', fileKey: file.key, bytes: file.bytes, error: null, nextAttemptAt: null, updatedAt: now })
    .where(and(eq(webinarReplays.companyId, companyId), eq(webinarReplays.webinarId, webinarId), eq(webinarReplays.status, 'processing')));
}

/** An attempt failed: tried again at `retryAt`, or, with none, the replay failed for good. */
export async function markAttemptFailed(tx: Tx, companyId: string, webinarId: string, error: string, retryAt: Date | null, now: Date): Promise<void> {
  await tx
    .update(webinarReplays)
    .set(retryAt ? { error, nextAttemptAt: retryAt, updatedAt: now } : { status: 'failed', error, nextAttemptAt: null, updatedAt: now })
    .where(and(eq(webinarReplays.companyId, companyId), eq(webinarReplays.webinarId, webinarId), eq(webinarReplays.status, 'processing')));
}

/** Deleted by the company: the row goes, and the stored file's key is answered (to remove it once committed). */
export async function deleteReplay(tx: Tx, companyId: string, webinarId: string): Promise<{ fileKey: string | null } | null> {
  const [row] = await tx
    .delete(webinarReplays)
    .where(and(eq(webinarReplays.companyId, companyId), eq(webinarReplays.webinarId, webinarId)))
    .returning({ fileKey: webinarReplays.fileKey });
  return row ?? null;
}
