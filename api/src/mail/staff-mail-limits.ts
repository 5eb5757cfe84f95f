import { and, eq, gt, isNotNull, sql, type SQL } from 'drizzle-orm';
import { IT } from '@incontra/contracts/messages/it';
import { recordActivity } from '../activity/activity-log';
import { displayNameOf, type StaffMember } from '../common/staff-member';
import type { StaffMailLimits } from '../config/flood-defaults';
import type { Database, Tx } from '../db/database';
import { mailOutbox } from '../db/schema';
import { HttpError } from '../http/http-error';

export { DEFAULT_STAFF_MAIL_LIMITS, type StaffMailLimits } from '../config/flood-defaults';

type Bound = keyof StaffMailLimits;

/** A staff action that would pass an e-mail bound: 429 with the reason, and a line in the activity log. */
export class StaffMailLimitExceeded extends HttpError {
  constructor(
    readonly companyId: string,
    readonly actor: StaffMember,
    readonly bound: Bound,
    readonly limit: number,
  ) {
    super(429, IT.mailLimits[bound](limit));
    this.name = 'StaffMailLimitExceeded';
  }
}

const ago = (interval: string) => sql`now() - ${interval}::interval`;

async function sentSince(tx: Tx, companyId: string, interval: string, by: SQL): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.companyId, companyId), by, gt(mailOutbox.createdAt, ago(interval))));
  return row?.count ?? 0;
}

/**
 * In the transaction about to write one more e-mail for `actor`: refuses when it would pass one of
 * the bounds (the staff member's or the whole staff's, per hour and per day, on the database's
 * clock). The company's staff e-mails are counted one writer after the other (a lock until the
 * transaction ends), so parallel actions cannot pass a bound together.
 */
export async function reserveStaffMail(tx: Tx, companyId: string, actor: StaffMember, limits: StaffMailLimits): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('incontra.staff-mail'), hashtext(${companyId}))`);
  const checks: [Bound, string, SQL][] = [
    ['perStaffHour', '1 hour', eq(mailOutbox.sentBy, actor.id)],
    ['perStaffDay', '1 day', eq(mailOutbox.sentBy, actor.id)],
    ['perCompanyHour', '1 hour', isNotNull(mailOutbox.sentBy)],
    ['perCompanyDay', '1 day', isNotNull(mailOutbox.sentBy)],
  ];
  for (const [bound, interval, by] of checks) {
    if ((await sentSince(tx, companyId, interval, by)) >= limits[bound]) throw new StaffMailLimitExceeded(companyId, actor, bound, limits[bound]);
  }
}

/** The refusal in the company's activity log, in a transaction of its own (the refused one rolled back). */
export async function recordStaffMailRefusal(db: Database, error: StaffMailLimitExceeded): Promise<void> {
  await db.withTenant(error.companyId, (tx) =>
    recordActivity(tx, error.companyId, error.actor, {
      action: 'create',
      entityType: 'mail',
      entityId: null,
      summary: IT.mailLimits.logged(displayNameOf(error.actor), error.message),
    }),
  );
}
