import type { ActivityAction, ActivityEntity } from '@incontra/contracts/api/activity';
import { displayNameOf, type StaffMember } from '../common/staff-member';
import type { Tx } from '../db/database';
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
 * the two land together or not at all. The application may only add and read lines (drizzle/0006).
 */
export async function recordActivity(tx: Tx, companyId: string, actor: StaffMember, record: ActivityRecord): Promise<void> {
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
