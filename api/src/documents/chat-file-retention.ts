import type { Clock } from '../common/clock';
import type { Database } from '../db/database';
import { PeriodicTask, type SweepOptions } from '../scheduling/periodic-task';
import { listHostedCompanyIds } from '../tenancy/company-directory';
import { deleteChatFilesBefore } from './repository';

/** How often the sweep looks for chat files past their retention. */
export const CHAT_FILE_SWEEP_INTERVAL_MS = 60 * 60_000;
/** Rows deleted per transaction: a large backlog is worked through in short transactions. */
const SWEEP_BATCH = 500;
const DAY_MS = 24 * 3600_000;

export interface ChatFileRetentionDeps {
  db: Database;
  clock: Clock;
  /** CHAT_FILE_RETENTION_DAYS: a chat file older than this is deleted, row and content. */
  retentionDays: number;
  /** Removes the content of deleted rows (logging what cannot be removed). */
  removeContent(keys: readonly string[]): Promise<void>;
}

/**
 * Deletes every company's chat files older than the retention, the rows first (committed), then
 * their content: as with a delete by hand, a failure in between leaves an unreferenced file, never
 * a row without its file. Nothing is remembered between sweeps, the rows' `created_at` is the
 * whole state: a restarted process (or another one) finds the same files due. Answers how many
 * files it deleted.
 */
export async function sweepExpiredChatFiles(deps: ChatFileRetentionDeps): Promise<number> {
  const before = new Date(deps.clock().getTime() - deps.retentionDays * DAY_MS);
  const companyIds = await deps.db.withoutTenant((tx) => listHostedCompanyIds(tx));
  let deleted = 0;
  for (const companyId of companyIds) {
    for (;;) {
      const keys = await deps.db.withTenant(companyId, (tx) => deleteChatFilesBefore(tx, companyId, before, SWEEP_BATCH));
      await deps.removeContent(keys);
      deleted += keys.length;
      if (keys.length < SWEEP_BATCH) break;
    }
  }
  return deleted;
}

/**
 * The sweep on a timer: a first sweep as soon as the app is ready (files that fell due while no
 * process ran go at once), then every `intervalMs`. Several processes may sweep together (see the query).
 */
export class ChatFileSweeper extends PeriodicTask {
  constructor(options: SweepOptions) {
    super({ ...options, failure: 'chat file sweep failed', runAtStart: true });
  }
}
