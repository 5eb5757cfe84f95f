import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { webinars } from '../db/schema';

/**
 * Webinars as other domains see them. A store's webinars that visitors still count on at `now`
 * (published or live, not over): they keep the store from being deleted, since deleting it would
 * take the webinar and its registrations with it, nobody told. Drafts and what ended go with it.
 */
export async function countUpcomingWebinarsOfStore(tx: Tx, companyId: string, storeId: string, now: Date): Promise<number> {
  const endsAt = sql`${webinars.startsAt} + make_interval(mins => ${webinars.durationMinutes})`;
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(webinars)
    .where(
      and(
        eq(webinars.companyId, companyId),
        eq(webinars.storeId, storeId),
        inArray(webinars.status, ['published', 'live']),
        sql`(${webinars.status} = 'live' or ${gt(endsAt, now)})`,
      ),
    );
  return row?.count ?? 0;
}
