import { and, asc, eq, gte } from 'drizzle-orm';
import type { OpeningDay, TimeRange } from '@incontra/contracts/api/room-management';
import type { Tx } from '../db/database';
import { companies, roomOpeningExceptions, slotSchedules } from '../db/schema';
import { hhmm } from '../scheduling/zoned-time';

/*
 * A room's weekly opening (slot_schedules) and its dated exceptions. Times are the company's wall
 * clock, stored as written: "09:00" in a `time` column is 09:00 in companies.time_zone on any
 * date, daylight saving or not. "24:00" is stored as PostgreSQL's own 24:00:00 (a valid `time`,
 * greater than any other), so the end of the day loses nothing.
 */

export async function companyTimeZone(tx: Tx, companyId: string): Promise<string> {
  const [row] = await tx.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, companyId));
  return row?.timeZone ?? 'Europe/Rome';
}

export async function companyName(tx: Tx, companyId: string): Promise<string> {
  const [row] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return row?.name ?? '';
}

/** The seven days, Monday first, each with its ranges by start (none: closed). */
export async function weeklyOpening(tx: Tx, companyId: string, roomId: string): Promise<OpeningDay[]> {
  const rows = await tx
    .select({ weekday: slotSchedules.weekday, start: slotSchedules.startTime, end: slotSchedules.endTime })
    .from(slotSchedules)
    .where(and(eq(slotSchedules.companyId, companyId), eq(slotSchedules.roomId, roomId)))
    .orderBy(asc(slotSchedules.weekday), asc(slotSchedules.startTime));
  const week: OpeningDay[] = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ranges: [] }));
  for (const row of rows) week[row.weekday - 1]?.ranges.push({ start: hhmm(row.start), end: hhmm(row.end) });
  return week;
}

/** Replaces the whole week (call inside one transaction). */
export async function replaceWeeklyOpening(tx: Tx, companyId: string, roomId: string, weekly: readonly OpeningDay[]): Promise<void> {
  await tx.delete(slotSchedules).where(and(eq(slotSchedules.companyId, companyId), eq(slotSchedules.roomId, roomId)));
  const rows = weekly.flatMap((day) => day.ranges.map((range) => ({ companyId, roomId, weekday: day.weekday, startTime: range.start, endTime: range.end })));
  if (rows.length > 0) await tx.insert(slotSchedules).values(rows);
}

/** Exceptions on `fromDate` ("YYYY-MM-DD") and later, by date. */
export async function exceptionsFrom(tx: Tx, companyId: string, roomId: string, fromDate: string) {
  return tx
    .select({ date: roomOpeningExceptions.date, ranges: roomOpeningExceptions.ranges, note: roomOpeningExceptions.note })
    .from(roomOpeningExceptions)
    .where(and(eq(roomOpeningExceptions.companyId, companyId), eq(roomOpeningExceptions.roomId, roomId), gte(roomOpeningExceptions.date, fromDate)))
    .orderBy(asc(roomOpeningExceptions.date));
}

/** Sets the date's exception, replacing the one it may have. */
export async function upsertException(
  tx: Tx,
  companyId: string,
  roomId: string,
  exception: { date: string; ranges: TimeRange[]; note: string | null },
): Promise<void> {
  await tx
    .insert(roomOpeningExceptions)
    .values({ companyId, roomId, ...exception })
    .onConflictDoUpdate({ target: [roomOpeningExceptions.roomId, roomOpeningExceptions.date], set: { ranges: exception.ranges, note: exception.note } });
}

/** Whether there was one to delete. */
export async function deleteException(tx: Tx, companyId: string, roomId: string, date: string): Promise<boolean> {
  const deleted = await tx
    .delete(roomOpeningExceptions)
    .where(and(eq(roomOpeningExceptions.companyId, companyId), eq(roomOpeningExceptions.roomId, roomId), eq(roomOpeningExceptions.date, date)))
    .returning({ id: roomOpeningExceptions.id });
  return deleted.length > 0;
}
