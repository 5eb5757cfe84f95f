import type { ActivityRetention, ActivityRetentionDays } from '@incontra/contracts/api/activity';
import { IT_ACTIVITY } from '@incontra/contracts/messages/it-activity';
import type { StaffContext } from '../auth/authenticate';
import type { Clock } from '../common/clock';
import type { Database } from '../db/database';
import { PeriodicTask, type SweepOptions } from '../scheduling/periodic-task';
import { listHostedCompanyIds } from '../tenancy/company-directory';
import { recordActivity } from './activity-log';
import { countOlderThanEachChoice, expireActivity, readRetentionDays, writeRetentionDays } from './repository';

/** How often the sweep looks for entries past their company's retention. */
export const ACTIVITY_RETENTION_SWEEP_INTERVAL_MS = 60 * 60_000;
/** Rows deleted per transaction: a long log is worked through in short transactions. */
const SWEEP_BATCH = 500;

export interface ActivityRetentionDeps {
  db: Database;
  clock: Clock;
}

/** The company's retention setting: read (with what each choice would delete now) and changed. */
export class ActivityRetentionService {
  constructor(private readonly deps: ActivityRetentionDeps) {}

  read(companyId: string): Promise<ActivityRetention> {
    return this.deps.db.withTenant(companyId, async (tx) => ({
      retentionDays: await readRetentionDays(tx, companyId),
      olderThan: await countOlderThanEachChoice(tx, companyId, this.deps.clock()),
    }));
  }

  /** Saves the choice and logs it; the entries it puts past the retention go at the next sweep. */
  async change(staff: StaffContext, retentionDays: ActivityRetentionDays | null): Promise<ActivityRetention> {
    const companyId = staff.company.id;
    await this.deps.db.withTenant(companyId, async (tx) => {
      await writeRetentionDays(tx, companyId, retentionDays);
      const label = retentionDays === null ? IT_ACTIVITY.retention.forever : IT_ACTIVITY.retention.days(retentionDays);
      await recordActivity(tx, companyId, staff.user, {
        action: 'update',
        entityType: 'company',
        entityId: companyId,
        summary: IT_ACTIVITY.retention.activity(label),
      });
    });
    return this.read(companyId);
  }
}

/**
 * Deletes, in every company that chose a retention, the entries older than it, in batches of
 * SWEEP_BATCH (one transaction each), the oldest first; a company that keeps them for ever costs
 * one empty call. The rows' `created_at` and the settings are the whole state: a restarted
 * process, or two processes at once, find the same entries due. Answers how many went.
 */
export async function sweepExpiredActivity(deps: ActivityRetentionDeps): Promise<number> {
  const now = deps.clock();
  const companyIds = await deps.db.withoutTenant((tx) => listHostedCompanyIds(tx));
  let deleted = 0;
  for (const companyId of companyIds) {
    for (;;) {
      const batch = await deps.db.withTenant(companyId, (tx) => expireActivity(tx, companyId, now, SWEEP_BATCH));
      deleted += batch;
      if (batch < SWEEP_BATCH) break;
    }
  }
  return deleted;
}

/** The sweep on a timer: once as soon as the app is ready, then every `intervalMs` (null: never). */
export class ActivityRetentionSweeper extends PeriodicTask {
  constructor(options: SweepOptions) {
    super({ ...options, failure: 'activity retention sweep failed', runAtStart: true });
  }
}
