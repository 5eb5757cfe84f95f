import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../common/clock';
import type { Database } from '../../db/database';
import { listHostedCompanyIds } from '../../tenancy/company-directory';
import type { UploadStore } from '../../uploads/upload-store';
import { makeReplay, removeRecordings, type ReplayTools } from './replay-processor';
import * as replays from './replay-state';

/** How often the sweep looks for replays to make. */
export const REPLAY_SWEEP_INTERVAL_MS = 15_000;
/** After the end, the room's files are closed by Janus when it destroys the room: a moment later they are complete. */
export const REPLAY_FIRST_ATTEMPT_DELAY_MS = 5_000;
/** An attempt holds its replay this long; a process that stopped meanwhile leaves it due again then. */
export const REPLAY_LEASE_MS = 15 * 60_000;
/** Attempts before a replay is failed for good, and the wait before each next one. */
export const REPLAY_ATTEMPTS = 4;
export const REPLAY_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000] as const;
/** Replays made per company and sweep: each takes seconds of CPU. */
const SWEEP_BATCH = 2;

export interface ReplaySweepDeps {
  db: Database;
  clock: Clock;
  uploads: UploadStore;
  tools: ReplayTools;
  log: FastifyBaseLogger;
}

/**
 * One sweep of every company: each replay due is claimed (a compare-and-set lease, so one process
 * makes it), made outside any transaction, and marked ready — or, failing, tried again later with
 * backoff and failed for good after REPLAY_ATTEMPTS. Answers the replays made.
 */
export async function sweepReplays(deps: ReplaySweepDeps): Promise<number> {
  let made = 0;
  for (const companyId of await deps.db.withoutTenant((tx) => listHostedCompanyIds(tx))) {
    const now = deps.clock();
    const due = await deps.db.withTenant(companyId, (tx) => replays.dueReplays(tx, companyId, now, SWEEP_BATCH));
    for (const { webinarId, attempts } of due) {
      const claimed = await deps.db.withTenant(companyId, (tx) =>
        replays.claim(tx, companyId, webinarId, attempts, new Date(deps.clock().getTime() + REPLAY_LEASE_MS), deps.clock()),
      );
      if (!claimed) continue;
      try {
        const { recordings, ...file } = await makeReplay(deps.tools, deps.uploads, webinarId);
        await deps.db.withTenant(companyId, (tx) => replays.markReady(tx, companyId, webinarId, file, deps.clock()));
        await removeRecordings(recordings);
        made += 1;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const delay = attempts + 1 < REPLAY_ATTEMPTS ? (REPLAY_RETRY_DELAYS_MS[attempts] ?? REPLAY_RETRY_DELAYS_MS.at(-1)!) : null;
        deps.log.warn(
          { err: error, webinarId, attempt: attempts + 1 },
          delay ? 'a webinar replay could not be made: tried again later' : 'a webinar replay failed for good',
        );
        await deps.db.withTenant(companyId, (tx) =>
          replays.markAttemptFailed(
            tx,
            companyId,
            webinarId,
            message.slice(0, 1000),
            delay === null ? null : new Date(deps.clock().getTime() + delay),
            deps.clock(),
          ),
        );
      }
    }
  }
  return made;
}
