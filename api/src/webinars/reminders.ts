import type { Clock } from '../common/clock';
import type { Database, Tx } from '../db/database';
import { enqueueMail } from '../mail/after-commit';
import type { Mailer } from '../mail/mailer';
import { listHostedCompanyIds } from '../tenancy/company-directory';
import * as repository from './repository';
import { registrantFacts } from './views';
import { registrantMail, type RegistrantMailKind } from './webinar-mail';

/** How often the sweep looks for reminders and cancellation notices due. */
export const WEBINAR_SWEEP_INTERVAL_MS = 60_000;
const MINUTE_MS = 60_000;
/** E-mails written per company, kind and sweep: a backlog is worked through over the next sweeps. */
const SWEEP_BATCH = 200;

/** The two reminders: how long before the start each falls due, and its e-mail. */
export const WEBINAR_REMINDERS = [
  { kind: 'day', beforeMs: 24 * 60 * MINUTE_MS, mail: 'reminderDay' },
  { kind: 'soon', beforeMs: 15 * MINUTE_MS, mail: 'reminderSoon' },
] as const satisfies readonly { kind: repository.ReminderKind; beforeMs: number; mail: RegistrantMailKind }[];

/**
 * The reminder columns for a registration made (or a webinar moved) at `now`: a reminder whose
 * time has already come is marked handled, not sent (the confirmation says as much).
 */
export function remindersHandledAt(startsAt: Date, now: Date): { reminderDaySentAt: Date | null; reminderSoonSentAt: Date | null } {
  const due = (beforeMs: number) => (startsAt.getTime() - beforeMs <= now.getTime() ? now : null);
  return { reminderDaySentAt: due(WEBINAR_REMINDERS[0].beforeMs), reminderSoonSentAt: due(WEBINAR_REMINDERS[1].beforeMs) };
}

export interface WebinarSweepDeps {
  db: Database;
  mailer: Mailer;
  clock: Clock;
}

/**
 * One sweep of every company: the reminders due (24 h and 15 min before the start) and the
 * cancelled webinars' notices. Each e-mail is claimed and written in one transaction by a
 * compare-and-set on the registration's own column, so it goes once whatever the number of
 * processes sweeping, and what a stopped process had not committed is due at the next sweep.
 * When both reminders are due (no process ran for a day), only the later one goes. Answers the
 * e-mails written.
 */
export async function sweepWebinars(deps: WebinarSweepDeps): Promise<number> {
  let written = 0;
  for (const companyId of await deps.db.withoutTenant((tx) => listHostedCompanyIds(tx))) {
    written += await sendCancellationNotices(deps, companyId);
    written += await sendReminders(deps, companyId);
  }
  return written;
}

async function sendReminders(deps: WebinarSweepDeps, companyId: string): Promise<number> {
  const now = deps.clock();
  let written = 0;
  for (const reminder of [...WEBINAR_REMINDERS].reverse()) {
    const due = await deps.db.withTenant(companyId, (tx) => repository.dueReminders(tx, companyId, reminder.kind, now, reminder.beforeMs, SWEEP_BATCH));
    for (const id of due) {
      const sent = await deps.db.withTenant(companyId, async (tx) => {
        if (!(await repository.claimReminder(tx, companyId, id, reminder.kind, now))) return false;
        return write(deps, tx, companyId, id, reminder.mail, now);
      });
      if (sent) written += 1;
    }
  }
  return written;
}

/** The registrants of the company's cancelled webinars told, each once. */
export async function sendCancellationNotices(deps: WebinarSweepDeps, companyId: string): Promise<number> {
  const now = deps.clock();
  let written = 0;
  const due = await deps.db.withTenant(companyId, (tx) => repository.dueCancellationNotices(tx, companyId, SWEEP_BATCH));
  for (const id of due) {
    const sent = await deps.db.withTenant(companyId, async (tx) => {
      if (!(await repository.claimCancellationNotice(tx, companyId, id, now))) return false;
      return write(deps, tx, companyId, id, 'webinarCancelled', now);
    });
    if (sent) written += 1;
  }
  return written;
}

async function write(deps: WebinarSweepDeps, tx: Tx, companyId: string, id: string, kind: RegistrantMailKind, now: Date): Promise<boolean> {
  const found = await repository.findRegistrationWithWebinar(tx, companyId, id);
  if (!found) return false;
  await enqueueMail(tx, deps.mailer, companyId, registrantMail(registrantFacts(found), kind, { organizerEmail: deps.mailer.sender, stamp: now }));
  return true;
}
