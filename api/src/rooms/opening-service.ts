import { minutesOf, rangeText, type OpeningDay, type RoomOpening, type TimeRange } from '@incontra/contracts/api/room-management';
import { IT_ROOMS, weekdayName } from '@incontra/contracts/messages/it-rooms';
import { recordActivity } from '../activity/activity-log';
import type { Clock } from '../common/clock';
import type { Database, Tx } from '../db/database';
import { HttpError } from '../http/http-error';
import * as repository from './opening-repository';
import { requireRoom } from './room-service';
import type { Staff } from './staff';

export interface OpeningServiceOptions {
  db: Database;
  clock: Clock;
}

/** The calendar date ("YYYY-MM-DD") at `at` in the zone. */
export function dateIn(timeZone: string, at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const byStart = (ranges: readonly TimeRange[]) => [...ranges].sort((a, b) => minutesOf(a.start) - minutesOf(b.start));

/** "2026-06-02" → "02/06/2026", as the activity log reads it. */
const italianDate = (date: string) => date.split('-').reverse().join('/');

/** Summary of a week for the log: "Lunedì 09:00–13:00, 14:00–18:00; …", or that it is closed. */
function weekSummary(weekly: readonly OpeningDay[]): string {
  const open = [...weekly].sort((a, b) => a.weekday - b.weekday).filter((day) => day.ranges.length > 0);
  if (open.length === 0) return 'sempre chiusa';
  return open.map((day) => `${weekdayName(day.weekday)} ${byStart(day.ranges).map(rangeText).join(', ')}`).join('; ');
}

/**
 * A room's weekly opening and its dated exceptions, in the company's time zone. Reads follow the
 * room's store scope (404 otherwise); writes are the admin's and are logged as 'opening'.
 */
export class OpeningService {
  constructor(private readonly options: OpeningServiceOptions) {}

  get(staff: Staff, roomId: string): Promise<RoomOpening> {
    return this.options.db.withTenant(staff.companyId, async (tx) => {
      await requireRoom(tx, staff, roomId);
      return this.opening(tx, staff.companyId, roomId);
    });
  }

  /** Replaces the whole week at once: the days not given are closed. */
  setWeekly(staff: Staff, roomId: string, weekly: readonly OpeningDay[]): Promise<RoomOpening> {
    const { companyId } = staff;
    return this.options.db.withTenant(companyId, async (tx) => {
      const room = await requireRoom(tx, staff, roomId);
      await repository.replaceWeeklyOpening(tx, companyId, roomId, weekly);
      await recordActivity(tx, companyId, staff.user, {
        action: 'update',
        entityType: 'opening',
        entityId: roomId,
        summary: `${IT_ROOMS.activity.weekly(room.name)}: ${weekSummary(weekly)}`,
      });
      return this.opening(tx, companyId, roomId);
    });
  }

  /** Sets a date's exception (today or later in the company's zone), replacing the one it had. */
  setException(staff: Staff, roomId: string, exception: { date: string; ranges: TimeRange[]; note?: string | null }): Promise<RoomOpening> {
    const { companyId } = staff;
    return this.options.db.withTenant(companyId, async (tx) => {
      const room = await requireRoom(tx, staff, roomId);
      const today = dateIn(await repository.companyTimeZone(tx, companyId), this.options.clock());
      if (exception.date < today) throw new HttpError(400, IT_ROOMS.validation.pastDate, 'date');
      const ranges = byStart(exception.ranges);
      await repository.upsertException(tx, companyId, roomId, { date: exception.date, ranges, note: exception.note ?? null });
      const hours = ranges.length === 0 ? IT_ROOMS.room.closed.toLowerCase() : ranges.map(rangeText).join(', ');
      await recordActivity(tx, companyId, staff.user, {
        action: 'update',
        entityType: 'opening',
        entityId: roomId,
        summary: `${IT_ROOMS.activity.exceptionSaved(room.name, italianDate(exception.date))}: ${hours}`,
      });
      return this.opening(tx, companyId, roomId);
    });
  }

  deleteException(staff: Staff, roomId: string, date: string): Promise<RoomOpening> {
    const { companyId } = staff;
    return this.options.db.withTenant(companyId, async (tx) => {
      const room = await requireRoom(tx, staff, roomId);
      if (!(await repository.deleteException(tx, companyId, roomId, date))) throw new HttpError(404, IT_ROOMS.errors.exceptionNotFound);
      await recordActivity(tx, companyId, staff.user, {
        action: 'delete',
        entityType: 'opening',
        entityId: roomId,
        summary: IT_ROOMS.activity.exceptionDeleted(room.name, italianDate(date)),
      });
      return this.opening(tx, companyId, roomId);
    });
  }

  private async opening(tx: Tx, companyId: string, roomId: string): Promise<RoomOpening> {
    const timeZone = await repository.companyTimeZone(tx, companyId);
    const today = dateIn(timeZone, this.options.clock());
    return {
      timeZone,
      weekly: await repository.weeklyOpening(tx, companyId, roomId),
      exceptions: await repository.exceptionsFrom(tx, companyId, roomId, today),
    };
  }
}
