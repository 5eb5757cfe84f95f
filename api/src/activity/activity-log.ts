import type { ActivityAction, ActivityEntity } from '@incontra/contracts/api/activity';
import { displayNameOf, type StaffMember } from '../common/staff-member';
import { markCompanyChanged, type Tx } from '../db/database';
import { activityLog } from '../db/schema';

export interface ActivityRecord {
  action: ActivityAction;
  entityType: ActivityEntity;
  entityId: string | null;
  /** What changed, in Italian, for the admin reading the log ("Creata la stanza «Sala 1»"). */
  summary: string;
}

/**
 * Adds one line to the company's activity log, inside the transaction of the write it describes:
 * the two land together or not at all. The application may only add and read lines (drizzle/0006);
 * the company's retention deletes old ones through its own database function (0014, retention.ts).
 * Every management write records itself, so this is also where it marks the company changed: once
 * committed, the cached reads of the company (lists, sessions, host) are dropped in every process.
 */
export async function recordActivity(tx: Tx, companyId: string, actor: StaffMember, record: ActivityRecord): Promise<void> {
  markCompanyChanged(tx, companyId);
  await tx.insert(activityLog).values({
    companyId,
    userId: actor.id,
    userName: displayNameOf(actor),
    action: record.action,
    entityType: record.entityType,
    entityId: record.entityId,
    summary: record.summary,
  });
}
