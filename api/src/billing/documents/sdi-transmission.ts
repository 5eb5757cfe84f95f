import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../common/clock';
import type { Database } from '../../db/database';
import { listHostedCompanyIds } from '../../tenancy/company-directory';
import type { SdiTransmitter } from './e-invoices';
import { claimDueEInvoices, recordTransmission } from './repository';

/*
 * The e-invoices' way to the SdI when a channel is configured: a sweep claims each company's due
 * files with a lease, hands each to the transmitter, and records 'sent', or the error with the
 * next attempt (5 minutes, doubling, at most 6 hours), or after SDI_MAX_ATTEMPTS tries 'failed'
 * (the file stays for the admin to download and transmit by hand). Nothing is lost to an outage
 * or a crash: a file leaves 'kept' only once the channel took it.
 */

/** The sweep's period (the billing plugin's timer, and at start). */
export const SDI_SWEEP_INTERVAL_MS = 60_000;
/** How long a claim holds a file: well over one SMTP delivery's bounds. */
export const SDI_LEASE_MS = 10 * 60_000;
/** Files claimed per company and sweep. */
export const SDI_BATCH = 20;
/** About four days of tries (5 min, doubling to 6 h): a PEC provider's outage of a weekend is covered. */
export const SDI_MAX_ATTEMPTS = 20;
const FIRST_RETRY_MS = 5 * 60_000;
const LONGEST_RETRY_MS = 6 * 3_600_000;
const ERROR_LIMIT = 1000;

/** The wait before the next try of a file tried `attempts` times. */
export function sdiRetryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, Math.min(attempts - 1, 20)), LONGEST_RETRY_MS);
}

export interface SdiTransmissionDeps {
  db: Database;
  clock: Clock;
  transmitter: SdiTransmitter;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** What one sweep did. */
export interface SdiSweep {
  sent: number;
  failed: number;
  gaveUp: number;
}

/** Sends every company's due files, one at a time; never throws for one file's failure. */
export async function transmitDueEInvoices({ db, clock, transmitter, log }: SdiTransmissionDeps): Promise<SdiSweep> {
  const outcome: SdiSweep = { sent: 0, failed: 0, gaveUp: 0 };
  if (!transmitter.sends) return outcome;
  for (const companyId of await db.withoutTenant((tx) => listHostedCompanyIds(tx))) {
    const now = clock();
    const claimed = await db.withTenant(companyId, (tx) => claimDueEInvoices(tx, companyId, now, new Date(now.getTime() + SDI_LEASE_MS), SDI_BATCH));
    for (const file of claimed) {
      try {
        await transmitter.transmit(file);
      } catch (error) {
        const gaveUp = file.attempts >= SDI_MAX_ATTEMPTS;
        const retryAt = gaveUp ? null : new Date(clock().getTime() + sdiRetryDelayMs(file.attempts));
        const message = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_LIMIT);
        await db.withTenant(companyId, (tx) => recordTransmission(tx, companyId, file.invoiceId, { error: message, retryAt }));
        const context = { err: error, companyId, fileName: file.fileName, attempts: file.attempts };
        if (gaveUp) log.error(context, 'e-invoice not sent to the SdI after its last try: kept for the admin to transmit');
        else log.warn({ ...context, retryAt }, 'e-invoice not sent to the SdI, to be tried again');
        outcome[gaveUp ? 'gaveUp' : 'failed'] += 1;
        continue;
      }
      await db.withTenant(companyId, (tx) => recordTransmission(tx, companyId, file.invoiceId, { sentAt: clock() }));
      log.info({ companyId, fileName: file.fileName }, 'e-invoice sent to the SdI');
      outcome.sent += 1;
    }
  }
  return outcome;
}
