import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { RESERVATION_STATUS } from '@incontra/contracts/api/reservations';
import type { Clock } from '../common/clock';
import type { Database, Tx } from '../db/database';
import { reservations } from '../db/schema';
import { enqueueMail } from '../mail/after-commit';
import type { Mailer } from '../mail/mailer';
import { PeriodicTask, type SweepOptions } from '../scheduling/periodic-task';
import { listHostedCompanyIds } from '../tenancy/company-directory';
import { customerMail, type CustomerMailKind } from './booking-mail';
import { findReservation } from './repository';
import { appointmentFacts } from './views';

/** How often the sweep looks for reminders due. */
export const REMINDER_SWEEP_INTERVAL_MS = 60_000;
const HOUR_MS = 3_600_000;
/** Reminders handled per company and sweep: a backlog is worked through over the next sweeps. */
const SWEEP_BATCH = 200;

/** The two reminders: their column, how long before the start they fall due, their e-mail. */
export const REMINDERS = [
  { kind: 'reminderDay', column: reservations.reminderDaySentAt, beforeMs: 24 * HOUR_MS },
  { kind: 'reminderHour', column: reservations.reminderHourSentAt, beforeMs: HOUR_MS },
] as const satisfies readonly { kind: CustomerMailKind; column: unknown; beforeMs: number }[];

/**
 * The reminder columns for an appointment booked (or moved) at `now`: a reminder whose time has
 * already come is marked handled, not sent (a customer who books at 10:00 for 11:30 needs no
 * "see you in an hour" on top of the confirmation).
 */
export function remindersHandledAt(startsAt: Date, now: Date): { reminderDaySentAt: Date | null; reminderHourSentAt: Date | null } {
  const due = (beforeMs: number) => (startsAt.getTime() - beforeMs <= now.getTime() ? now : null);
  return { reminderDaySentAt: due(24 * HOUR_MS), reminderHourSentAt: due(HOUR_MS) };
}

export interface ReminderDeps {
  db: Database;
  mailer: Mailer;
  clock: Clock;
}

/**
 * Sends the reminders that fell due: 24 h and 1 h before each booked appointment, with the join
 * link. The reservation's own column is the job's state. Each reminder is claimed and its e-mail
 * written in one transaction by a compare-and-set (`… where reminder_… is null`), so it is sent
 * once whatever the number of processes sweeping together (the second update waits for the first
 * and then matches nothing), and a process that stops mid-way loses nothing: what it had not
 * committed is still due at the next sweep, of any process. When both are due (no process ran for
 * a day), only the hour's goes and the day's is marked handled. Answers the e-mails written.
 */
export async function sendDueReminders(deps: ReminderDeps): Promise<number> {
  const now = deps.clock();
  let sent = 0;
  for (const companyId of await hostedCompanies(deps)) sent += await sendCompanyReminders(deps, companyId, now);
  return sent;
}

/** Every company's booking sweep of one tick: its reminders, then its no-shows (the companies listed once). */
export async function sweepBookings(deps: ReminderDeps): Promise<void> {
  const now = deps.clock();
  for (const companyId of await hostedCompanies(deps)) {
    await sendCompanyReminders(deps, companyId, now);
    await markCompanyNoShows(deps, companyId, now);
  }
}

const hostedCompanies = (deps: Pick<ReminderDeps, 'db'>) => deps.db.withoutTenant((tx) => listHostedCompanyIds(tx));

async function sendCompanyReminders(deps: ReminderDeps, companyId: string, now: Date): Promise<number> {
  let sent = 0;
  for (const reminder of [...REMINDERS].reverse()) {
    const due = await deps.db.withTenant(companyId, (tx) =>
      tx
        .select({ id: reservations.id })
        .from(reservations)
        .where(
          and(
            eq(reservations.companyId, companyId),
            eq(reservations.status, RESERVATION_STATUS.booked),
            isNull(reminder.column),
            gt(reservations.startsAt, now),
            lte(reservations.startsAt, new Date(now.getTime() + reminder.beforeMs)),
          ),
        )
        .orderBy(asc(reservations.startsAt))
        .limit(SWEEP_BATCH),
    );
    for (const { id } of due) {
      // The reminder is delivered once its claim has committed (enqueueMail).
      if (await deps.db.withTenant(companyId, (tx) => claimAndWrite(tx, deps, companyId, id, reminder.kind, now))) sent += 1;
    }
  }
  return sent;
}

async function claimAndWrite(tx: Tx, deps: ReminderDeps, companyId: string, id: string, kind: CustomerMailKind, now: Date): Promise<string | null> {
  const claim =
    kind === 'reminderHour'
      ? { reminderHourSentAt: now, reminderDaySentAt: sql`coalesce(${reservations.reminderDaySentAt}, ${now})` }
      : { reminderDaySentAt: now };
  const column = kind === 'reminderHour' ? reservations.reminderHourSentAt : reservations.reminderDaySentAt;
  const claimed = await tx
    .update(reservations)
    .set(claim)
    .where(and(eq(reservations.companyId, companyId), eq(reservations.id, id), eq(reservations.status, RESERVATION_STATUS.booked), isNull(column)))
    .returning({ id: reservations.id });
  if (claimed.length === 0) return null;
  const row = await findReservation(tx, companyId, id);
  if (!row?.email) return null;
  return enqueueMail(
    tx,
    deps.mailer,
    companyId,
    customerMail(appointmentFacts(row), kind, { manageToken: null, organizerEmail: deps.mailer.sender, stamp: now }),
  );
}

/**
 * Booked appointments whose end has passed without the customer entering the room become
 * no-shows (staff can correct it). One update per company; any process may run it, any number of
 * times. Answers how many changed.
 */
export async function markNoShows(deps: Pick<ReminderDeps, 'db' | 'clock'>): Promise<number> {
  const now = deps.clock();
  let marked = 0;
  for (const companyId of await hostedCompanies(deps)) marked += await markCompanyNoShows(deps, companyId, now);
  return marked;
}

async function markCompanyNoShows(deps: Pick<ReminderDeps, 'db'>, companyId: string, now: Date): Promise<number> {
  const rows = await deps.db.withTenant(companyId, (tx) =>
    tx
      .update(reservations)
      .set({ status: RESERVATION_STATUS.noShow, updatedAt: now })
      .where(and(eq(reservations.companyId, companyId), eq(reservations.status, RESERVATION_STATUS.booked), lte(reservations.endsAt, now)))
      .returning({ id: reservations.id }),
  );
  return rows.length;
}

/** The sweep on a timer: at once when the app is ready (reminders that fell due while no process ran), then every minute. */
export class ReminderSweeper extends PeriodicTask {
  constructor(options: SweepOptions) {
    super({ ...options, failure: 'booking reminder sweep failed', runAtStart: true });
  }
}
