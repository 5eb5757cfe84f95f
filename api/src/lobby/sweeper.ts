import { WAITING_STATUSES } from '@incontra/contracts/api/join-requests';
import { LOBBY } from '@incontra/contracts/realtime/lobby';
import type { LobbyDeps } from './deps';
import * as repository from './repository';
import { PeriodicTask, type SweepOptions } from '../scheduling/periodic-task';
import type { PhoneVerification } from '../sms/phone-verification-port';
import type { SeatlessGuests } from './seatless-guests';

/** How often the sweeper looks for requests past their deadline or whose visitor has gone. */
export const SWEEP_INTERVAL_MS = 2000;

/**
 * One company's lapsed requests: waiting past the deadline or approved but never entered →
 * `expired`; still waiting but the visitor's page silent for LOBBY.visitorGoneMs → `cancelled`.
 * Every move is a compare-and-set, so several processes sweeping at once change each row once.
 * Answers how many requests moved.
 */
export async function sweepCompany(deps: LobbyDeps, companyId: string): Promise<number> {
  const now = deps.clock();
  const { expiredBefore, unseenSince } = repository.requestConditions;
  return deps.announcer.run(companyId, async (tx, changed) => {
    const expired = await repository.moveRequests(tx, companyId, { from: [...WAITING_STATUSES, 'approved'], extra: expiredBefore(now) }, 'expired', {}, now);
    const goneSince = new Date(now.getTime() - LOBBY.visitorGoneMs);
    const gone = await repository.moveRequests(tx, companyId, { from: WAITING_STATUSES, extra: unseenSince(goneSince) }, 'cancelled', {}, now);
    const rows = await repository.findRequests(tx, companyId, [...expired, ...gone]);
    for (const row of rows) changed(row);
    return rows.length;
  });
}

export interface SweepExtras {
  /** Ends the requests in the call whose guest holds no seat (seatless-guests.ts). */
  seatless?: SeatlessGuests;
  /** Sends the verification codes a stopped process left undelivered. */
  verification?: Pick<PhoneVerification, 'redeliver'>;
}

/**
 * Every company with a host, one transaction each (row-level security scopes each to its tenant),
 * plus the extras' rounds. Answers how many requests moved.
 */
export async function sweepAll(deps: LobbyDeps, { seatless, verification }: SweepExtras = {}): Promise<number> {
  const companyIds = await deps.db.withoutTenant((tx) => repository.listCompanyIds(tx));
  seatless?.keepOnly(companyIds);
  let moved = 0;
  for (const companyId of companyIds) {
    moved += await sweepCompany(deps, companyId);
    if (seatless) moved += await seatless.sweep(deps, companyId);
    await verification?.redeliver(companyId);
  }
  return moved;
}

/** The lobby's sweep on a timer (no timer when `intervalMs` is null: tests sweep by hand). */
export class LobbySweeper extends PeriodicTask {
  constructor(options: SweepOptions) {
    super({ ...options, failure: 'lobby sweep failed' });
  }
}
