import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../common/clock';
import { afterCommit, type Database } from '../db/database';
import type { CustomerPaymentGateway } from '../payments/customer-payments';
import { PeriodicTask, type SweepOptions } from '../scheduling/periodic-task';
import { listHostedCompanyIds } from '../tenancy/company-directory';
import type { PosNotifier, PosOutcomes } from './outcomes';
import { listDuePayments, markExpired } from './repository';
import { refOf } from './views';

/** How often unpaid requests past their expiry are closed. */
export const POS_EXPIRY_SWEEP_INTERVAL_MS = 5 * 60_000;
/** Requests read per query: a long backlog is worked through in short transactions. */
const SWEEP_BATCH = 100;

export interface PosExpiryDeps {
  db: Database;
  clock: Clock;
  gateway: CustomerPaymentGateway;
  outcomes: PosOutcomes;
  notifier: PosNotifier;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * Closes, in every company, the requests still unpaid past their expiry: each payment is
 * cancelled at the provider first (so it can no longer be paid), then the row moves to expired
 * (compare-and-set) and the store's staff are told. A payment the provider says went through
 * after all is recorded as paid instead. A request whose provider could not be asked stays as it
 * is (its page already shows it expired) and is tried again at the next run. Answers how many expired.
 */
export async function sweepExpiredRequests(deps: PosExpiryDeps): Promise<number> {
  const { db, clock, gateway, outcomes, notifier, log } = deps;
  const now = clock();
  const companyIds = await db.withoutTenant((tx) => listHostedCompanyIds(tx));
  let expired = 0;
  for (const companyId of companyIds) {
    for (;;) {
      const due = await db.withTenant(companyId, (tx) => listDuePayments(tx, companyId, now, SWEEP_BATCH));
      let progressed = 0;
      for (const row of due) {
        try {
          const state = await gateway.cancel(refOf(companyId, row));
          progressed += 1;
          if (state.status === 'paid') {
            await outcomes.recordPaid(companyId, row.id, state);
            continue;
          }
          const done = await db.withTenant(companyId, async (tx) => {
            if (!(await markExpired(tx, companyId, row.id, now))) return false;
            afterCommit(tx, () => notifier.changed(companyId, row.storeId, row.id));
            return true;
          });
          if (done) expired += 1;
        } catch (error) {
          log.warn({ err: error, companyId, paymentId: row.id }, 'expired payment request could not be closed; tried again at the next sweep');
        }
      }
      // A batch where nothing could be closed (the provider down) is left for the next run.
      if (due.length < SWEEP_BATCH || progressed === 0) break;
    }
  }
  return expired;
}

/** The sweep on a timer: once as soon as the app is ready, then every `intervalMs` (null: never). */
export class PosExpirySweeper extends PeriodicTask {
  constructor(options: SweepOptions) {
    super({ ...options, failure: 'point-of-sale expiry sweep failed', runAtStart: true });
  }
}
