import { and, asc, desc, eq, gt, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { WebinarStatus } from '@incontra/contracts/api/webinars';
import type { Tx } from '../db/database';
import { companies, stores, users, webinarPresenters, webinarRegistrations, webinars } from '../db/schema';
import { servesStoreWhere } from '../tenancy/store-scope';

export type WebinarRow = typeof webinars.$inferSelect;
export type RegistrationRow = typeof webinarRegistrations.$inferSelect;
export type WebinarFields = Pick<typeof webinars.$inferInsert, 'storeId' | 'title' | 'description' | 'startsAt' | 'durationMinutes' | 'capacity'>;

/** A webinar with its store's name. */
export interface WebinarWithStore {
  webinar: WebinarRow;
  storeName: string;
}

const withStore = { webinar: webinars, storeName: stores.name };

function storeJoin(companyId: string) {
  return and(eq(stores.id, webinars.storeId), eq(stores.companyId, companyId));
}

export async function findWebinar(tx: Tx, companyId: string, id: string, lock = false): Promise<WebinarWithStore | null> {
  const query = tx
    .select(withStore)
    .from(webinars)
    .innerJoin(stores, storeJoin(companyId))
    .where(and(eq(webinars.companyId, companyId), eq(webinars.id, id)));
  // NO KEY UPDATE: ordered with the seat's update and the staff's edits, while a registration's
  // foreign key check (KEY SHARE) of the same row does not wait for it.
  const [row] = lock ? await query.for('no key update', { of: webinars }) : await query;
  return row ?? null;
}

/** The webinars of the stores the staff member serves, newest start first, at most `limit`. */
export async function listWebinars(
  tx: Tx,
  companyId: string,
  staffUserId: string,
  filter: { storeId?: string; status?: WebinarStatus },
  limit: number,
): Promise<WebinarWithStore[]> {
  const conditions: SQL[] = [eq(webinars.companyId, companyId), servesStoreWhere(companyId, staffUserId, webinars.storeId)];
  if (filter.storeId) conditions.push(eq(webinars.storeId, filter.storeId));
  if (filter.status) conditions.push(eq(webinars.status, filter.status));
  return tx
    .select(withStore)
    .from(webinars)
    .innerJoin(stores, storeJoin(companyId))
    .where(and(...conditions))
    .orderBy(desc(webinars.startsAt), asc(webinars.id))
    .limit(limit);
}

/** A store's webinars visitors see: published or live, not yet over at `now`, soonest first. */
export async function listUpcomingWebinars(tx: Tx, companyId: string, storeId: string, now: Date, limit: number): Promise<WebinarWithStore[]> {
  const endsAt = sql`${webinars.startsAt} + make_interval(mins => ${webinars.durationMinutes})`;
  return tx
    .select(withStore)
    .from(webinars)
    .innerJoin(stores, storeJoin(companyId))
    .where(and(eq(webinars.companyId, companyId), eq(webinars.storeId, storeId), inArray(webinars.status, ['published', 'live']), gt(endsAt, now)))
    .orderBy(asc(webinars.startsAt), asc(webinars.id))
    .limit(limit);
}

export async function insertWebinar(tx: Tx, companyId: string, fields: WebinarFields, now: Date): Promise<string> {
  const [row] = await tx
    .insert(webinars)
    .values({ ...fields, companyId, createdAt: now, updatedAt: now })
    .returning({ id: webinars.id });
  return row!.id;
}

export async function updateWebinar(tx: Tx, companyId: string, id: string, changes: Partial<typeof webinars.$inferInsert>, now: Date): Promise<void> {
  await tx
    .update(webinars)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(webinars.companyId, companyId), eq(webinars.id, id)));
}

/** The presenters of each webinar given, by name. */
export async function presentersOf(tx: Tx, companyId: string, webinarIds: string[]): Promise<Map<string, { id: string; name: string }[]>> {
  const byWebinar = new Map<string, { id: string; name: string }[]>();
  if (webinarIds.length === 0) return byWebinar;
  const rows = await tx
    .select({ webinarId: webinarPresenters.webinarId, id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName })
    .from(webinarPresenters)
    .innerJoin(users, and(eq(users.id, webinarPresenters.userId), eq(users.companyId, companyId)))
    .where(and(eq(webinarPresenters.companyId, companyId), inArray(webinarPresenters.webinarId, webinarIds)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.username));
  for (const row of rows) {
    const name = [row.firstName, row.lastName].filter(Boolean).join(' ') || row.username;
    byWebinar.set(row.webinarId, [...(byWebinar.get(row.webinarId) ?? []), { id: row.id, name }]);
  }
  return byWebinar;
}

export async function replacePresenters(tx: Tx, companyId: string, webinarId: string, userIds: string[]): Promise<void> {
  await tx.delete(webinarPresenters).where(and(eq(webinarPresenters.companyId, companyId), eq(webinarPresenters.webinarId, webinarId)));
  await tx.insert(webinarPresenters).values(userIds.map((userId) => ({ companyId, webinarId, userId })));
}

export async function isPresenter(tx: Tx, companyId: string, webinarId: string, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ userId: webinarPresenters.userId })
    .from(webinarPresenters)
    .where(and(eq(webinarPresenters.companyId, companyId), eq(webinarPresenters.webinarId, webinarId), eq(webinarPresenters.userId, userId)));
  return row !== undefined;
}

/** Of `userIds`, the active users of the company who serve `storeId`. */
export async function presentersServing(tx: Tx, companyId: string, storeId: string, userIds: string[]): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, userIds), eq(users.active, true), servesStoreWhere(companyId, users.id, storeId)));
  return rows.map((row) => row.id);
}

/**
 * Takes one seat: `registered` raised only while below `capacity` and the webinar open for
 * registration (published, not started), in one statement under the row's lock, so parallel
 * registrations are ordered and exactly the seats there are get in. False when none is left.
 */
export async function takeSeat(tx: Tx, companyId: string, webinarId: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(webinars)
    .set({ registered: sql`${webinars.registered} + 1`, updatedAt: now })
    .where(
      and(
        eq(webinars.companyId, companyId),
        eq(webinars.id, webinarId),
        eq(webinars.status, 'published'),
        gt(webinars.startsAt, now),
        sql`${webinars.registered} < ${webinars.capacity}`,
      ),
    )
    .returning({ id: webinars.id });
  return rows.length === 1;
}

/** Whether `error` is the unique index of one active registration per address and webinar. */
export function isActiveEmailConflict(error: unknown): boolean {
  // Drizzle wraps the driver's error: the constraint is on the error or one of its causes.
  for (let cause = error, depth = 0; typeof cause === 'object' && cause !== null && depth < 5; depth += 1) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === '23505' && constraint === 'webinar_registrations_active_email_unique') return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

export async function releaseSeat(tx: Tx, companyId: string, webinarId: string, now: Date): Promise<void> {
  await tx
    .update(webinars)
    .set({ registered: sql`${webinars.registered} - 1`, updatedAt: now })
    .where(and(eq(webinars.companyId, companyId), eq(webinars.id, webinarId)));
}

/** Whether the webinar holds an active (not cancelled) registration of that address, or with that id. */
export async function hasActiveRegistration(tx: Tx, companyId: string, webinarId: string, which: { emailKey: string } | { id: string }): Promise<boolean> {
  const [row] = await tx
    .select({ id: webinarRegistrations.id })
    .from(webinarRegistrations)
    .where(
      and(
        eq(webinarRegistrations.companyId, companyId),
        eq(webinarRegistrations.webinarId, webinarId),
        'id' in which ? eq(webinarRegistrations.id, which.id) : eq(webinarRegistrations.emailKey, which.emailKey),
        eq(webinarRegistrations.status, 'registered'),
      ),
    );
  return row !== undefined;
}

export async function insertRegistration(
  tx: Tx,
  values: Pick<
    typeof webinarRegistrations.$inferInsert,
    | 'companyId'
    | 'webinarId'
    | 'firstName'
    | 'lastName'
    | 'email'
    | 'emailKey'
    | 'token'
    | 'consentAt'
    | 'linkOrigin'
    | 'createdAt'
    | 'reminderDaySentAt'
    | 'reminderSoonSentAt'
  >,
): Promise<RegistrationRow> {
  const [row] = await tx.insert(webinarRegistrations).values(values).returning();
  return row!;
}

export async function findRegistration(tx: Tx, companyId: string, id: string, lock = false): Promise<RegistrationRow | null> {
  const query = tx
    .select()
    .from(webinarRegistrations)
    .where(and(eq(webinarRegistrations.companyId, companyId), eq(webinarRegistrations.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function cancelRegistration(tx: Tx, companyId: string, id: string, now: Date): Promise<void> {
  await tx
    .update(webinarRegistrations)
    .set({ status: 'cancelled', cancelledAt: now })
    .where(and(eq(webinarRegistrations.companyId, companyId), eq(webinarRegistrations.id, id)));
}

/** The webinar's registrations, oldest first (the active ones and the cancelled). */
export async function listRegistrations(tx: Tx, companyId: string, webinarId: string): Promise<RegistrationRow[]> {
  return tx
    .select()
    .from(webinarRegistrations)
    .where(and(eq(webinarRegistrations.companyId, companyId), eq(webinarRegistrations.webinarId, webinarId)))
    .orderBy(asc(webinarRegistrations.createdAt), asc(webinarRegistrations.id));
}

/** Reminder columns of the registrations, by kind. */
export const REMINDER_COLUMNS = {
  day: webinarRegistrations.reminderDaySentAt,
  soon: webinarRegistrations.reminderSoonSentAt,
} as const;
export type ReminderKind = keyof typeof REMINDER_COLUMNS;

/** Registrations whose `kind` reminder fell due at `now` (the webinar published, starting within `beforeMs`), at most `limit`. */
export async function dueReminders(tx: Tx, companyId: string, kind: ReminderKind, now: Date, beforeMs: number, limit: number): Promise<string[]> {
  const rows = await tx
    .select({ id: webinarRegistrations.id })
    .from(webinarRegistrations)
    .innerJoin(webinars, and(eq(webinars.id, webinarRegistrations.webinarId), eq(webinars.companyId, companyId)))
    .where(
      and(
        eq(webinarRegistrations.companyId, companyId),
        eq(webinarRegistrations.status, 'registered'),
        isNull(REMINDER_COLUMNS[kind]),
        inArray(webinars.status, ['published', 'live']),
        gt(webinars.startsAt, now),
        lte(webinars.startsAt, new Date(now.getTime() + beforeMs)),
      ),
    )
    .orderBy(asc(webinars.startsAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Claims the reminder (compare-and-set): true for the one process whose update matched. */
export async function claimReminder(tx: Tx, companyId: string, id: string, kind: ReminderKind, now: Date): Promise<boolean> {
  const claim =
    kind === 'soon'
      ? { reminderSoonSentAt: now, reminderDaySentAt: sql`coalesce(${webinarRegistrations.reminderDaySentAt}, ${now})` }
      : { reminderDaySentAt: now };
  const rows = await tx
    .update(webinarRegistrations)
    .set(claim)
    .where(
      and(
        eq(webinarRegistrations.companyId, companyId),
        eq(webinarRegistrations.id, id),
        eq(webinarRegistrations.status, 'registered'),
        isNull(REMINDER_COLUMNS[kind]),
      ),
    )
    .returning({ id: webinarRegistrations.id });
  return rows.length === 1;
}

/** Registrations of cancelled webinars not yet told, at most `limit`. */
export async function dueCancellationNotices(tx: Tx, companyId: string, limit: number): Promise<string[]> {
  const rows = await tx
    .select({ id: webinarRegistrations.id })
    .from(webinarRegistrations)
    .innerJoin(webinars, and(eq(webinars.id, webinarRegistrations.webinarId), eq(webinars.companyId, companyId)))
    .where(
      and(
        eq(webinarRegistrations.companyId, companyId),
        eq(webinarRegistrations.status, 'registered'),
        eq(webinars.status, 'cancelled'),
        isNull(webinarRegistrations.cancellationSentAt),
      ),
    )
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function claimCancellationNotice(tx: Tx, companyId: string, id: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(webinarRegistrations)
    .set({ cancellationSentAt: now })
    .where(and(eq(webinarRegistrations.companyId, companyId), eq(webinarRegistrations.id, id), isNull(webinarRegistrations.cancellationSentAt)))
    .returning({ id: webinarRegistrations.id });
  return rows.length === 1;
}

/** Reminders of the webinar's registrations marked due again (a move): those the new start has not reached yet. */
export async function resetReminders(
  tx: Tx,
  companyId: string,
  webinarId: string,
  columns: { reminderDaySentAt: Date | null; reminderSoonSentAt: Date | null },
): Promise<void> {
  await tx
    .update(webinarRegistrations)
    .set(columns)
    .where(and(eq(webinarRegistrations.companyId, companyId), eq(webinarRegistrations.webinarId, webinarId), eq(webinarRegistrations.status, 'registered')));
}

/** A registration with its webinar, store and company: what its e-mails say. */
export interface RegistrationWithWebinar extends WebinarWithStore {
  registration: RegistrationRow;
  companyName: string;
  timeZone: string;
}

function registrationsWithWebinar(tx: Tx, companyId: string, where: SQL | undefined) {
  return tx
    .select({ registration: webinarRegistrations, ...withStore, companyName: companies.name, timeZone: companies.timeZone })
    .from(webinarRegistrations)
    .innerJoin(webinars, and(eq(webinars.id, webinarRegistrations.webinarId), eq(webinars.companyId, companyId)))
    .innerJoin(stores, storeJoin(companyId))
    .innerJoin(companies, eq(companies.id, companyId))
    .where(and(eq(webinarRegistrations.companyId, companyId), where));
}

export async function findRegistrationWithWebinar(tx: Tx, companyId: string, id: string): Promise<RegistrationWithWebinar | null> {
  const [row] = await registrationsWithWebinar(tx, companyId, eq(webinarRegistrations.id, id));
  return row ?? null;
}

/** The active registrations of a webinar with what their e-mails say, in one query (a move is mailed to each). */
export function activeRegistrationsWithWebinar(tx: Tx, companyId: string, webinarId: string): Promise<RegistrationWithWebinar[]> {
  return registrationsWithWebinar(tx, companyId, and(eq(webinarRegistrations.webinarId, webinarId), eq(webinarRegistrations.status, 'registered')));
}
