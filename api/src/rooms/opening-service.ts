import {
  minutesOf,
  rangeText,
  type AffectedAppointment,
  type ClosingDecision,
  type OpeningDay,
  type RoomOpening,
  type TimeRange,
} from '@incontra/contracts/api/room-management';
import { IT_ROOMS, weekdayName } from '@incontra/contracts/messages/it-rooms';
import { recordActivity } from '../activity/activity-log';
import type { AgendaNotifier } from '../booking/service';
import { tellAgendaAfterCommit } from '../booking/agenda';
import { bookedAhead, heldAhead, releaseHolds } from '../booking/facade';
import { cancelInTransaction } from '../booking/staff-service';
import type { Clock } from '../common/clock';
import type { Database, Tx } from '../db/database';
import { HttpError } from '../http/http-error';
import type { Mailer } from '../mail/mailer';
import { dateIn } from '../scheduling/zoned-time';
import { appointmentsLeftOut, ClosesAppointmentsError, type OpeningToHold } from './closing';
import * as repository from './opening-repository';
import type { ManagedRoomRow } from './room-repository';
import { requireRoom } from './room-service';
import type { StaffContext } from '../auth/authenticate';

export interface OpeningServiceOptions {
  db: Database;
  clock: Clock;
  /** The cancelling e-mails of appointments a write closes time over. */
  mailer: Mailer;
  /** The store's agendas open anywhere hear of those cancellations. */
  agenda: AgendaNotifier;
}

/** What an opening write changed, for the activity log: its summary, before the appointments' fate. */
type OpeningChange = (tx: Tx, room: ManagedRoomRow, today: string) => Promise<{ action: 'update' | 'delete'; summary: string }>;

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
 * room's store scope (404 otherwise); writes are the admin's and are logged as 'opening'. A write
 * that would leave booked appointments outside the opening changes nothing (409 listing them)
 * unless it says what to do with them; cancelling them commits with the write, in one transaction.
 */
export class OpeningService {
  constructor(private readonly options: OpeningServiceOptions) {}

  get(staff: StaffContext, roomId: string): Promise<RoomOpening> {
    return this.options.db.withTenant(staff.company.id, async (tx) => {
      await requireRoom(tx, staff, roomId);
      return this.opening(tx, staff.company.id, roomId);
    });
  }

  /** Replaces the whole week at once: the days not given are closed. */
  setWeekly(staff: StaffContext, roomId: string, weekly: readonly OpeningDay[], decision: ClosingDecision = {}): Promise<RoomOpening> {
    return this.write(staff, roomId, decision, async (tx, room) => {
      await repository.replaceWeeklyOpening(tx, staff.company.id, roomId, weekly);
      return { action: 'update', summary: `${IT_ROOMS.activity.weekly(room.name)}: ${weekSummary(weekly)}` };
    });
  }

  /** Sets a date's exception (today or later in the company's zone), replacing the one it had. */
  setException(
    staff: StaffContext,
    roomId: string,
    exception: { date: string; ranges: TimeRange[]; note?: string | null },
    decision: ClosingDecision = {},
  ): Promise<RoomOpening> {
    return this.write(staff, roomId, decision, async (tx, room, today) => {
      if (exception.date < today) throw new HttpError(400, IT_ROOMS.validation.pastDate, 'date');
      const ranges = byStart(exception.ranges);
      await repository.upsertException(tx, staff.company.id, roomId, { date: exception.date, ranges, note: exception.note ?? null });
      const hours = ranges.length === 0 ? IT_ROOMS.room.closed.toLowerCase() : ranges.map(rangeText).join(', ');
      return { action: 'update', summary: `${IT_ROOMS.activity.exceptionSaved(room.name, italianDate(exception.date))}: ${hours}` };
    });
  }

  /** Removes a date's exception: the date follows its weekday again (which may close time too). */
  deleteException(staff: StaffContext, roomId: string, date: string, decision: ClosingDecision = {}): Promise<RoomOpening> {
    return this.write(staff, roomId, decision, async (tx, room) => {
      if (!(await repository.deleteException(tx, staff.company.id, roomId, date))) throw new HttpError(404, IT_ROOMS.errors.exceptionNotFound);
      return { action: 'delete', summary: IT_ROOMS.activity.exceptionDeleted(room.name, italianDate(date)) };
    });
  }

  /**
   * One write of the opening, in one transaction: the room's row held (two writes of one room's
   * opening follow each other), the change made, then the booked appointments still to start
   * that the new opening leaves out: none, or the decision given for exactly those, or 409.
   * The cancellations' e-mails go and the agendas are told once it has committed.
   */
  private async write(staff: StaffContext, roomId: string, decision: ClosingDecision, change: OpeningChange): Promise<RoomOpening> {
    const companyId = staff.company.id;
    const now = this.options.clock();
    return this.options.db.withTenant(companyId, async (tx) => {
      const room = await requireRoom(tx, staff, roomId, { forUpdate: true });
      const timeZone = await repository.companyTimeZone(tx, companyId);
      const today = dateIn(timeZone, now);
      const { action, summary } = await change(tx, room, today);
      const opening = await this.opening(tx, companyId, roomId);
      const exceptions = new Map(opening.exceptions.map((exception) => [exception.date, exception.ranges]));
      const left = appointmentsLeftOut(await bookedAhead(tx, companyId, roomId, now), { timeZone, weekly: opening.weekly, exceptions });
      await this.decide(tx, staff, left, decision);
      await this.releaseHoldsLeftOut(tx, companyId, room, now, { timeZone, weekly: opening.weekly, exceptions }, decision);
      const fate =
        left.length === 0
          ? ''
          : ` · ${(decision.affected === 'cancel' ? IT_ROOMS.activity.appointmentsCancelled : IT_ROOMS.activity.appointmentsKept)(left.length)}`;
      await recordActivity(tx, companyId, staff.user, { action, entityType: 'opening', entityId: roomId, summary: `${summary}${fate}` });
      return opening;
    });
  }

  /** Applies the decision to the appointments left out (409 when there is none for them); a cancellation tells of itself once committed. */
  private async decide(tx: Tx, staff: StaffContext, left: AffectedAppointment[], decision: ClosingDecision): Promise<void> {
    if (left.length === 0) return;
    const shown = decision.affectedIds ? new Set(decision.affectedIds) : null;
    if (!decision.affected || (shown && left.some((appointment) => !shown.has(appointment.id)))) throw new ClosesAppointmentsError(left);
    if (decision.affected === 'keep') return;
    const note = decision.message ? `${IT_ROOMS.closing.mailMessage(await repository.companyName(tx, staff.company.id))}\n${decision.message}` : null;
    for (const appointment of left) await cancelInTransaction(tx, this.options, staff, appointment.id, note);
  }

  /**
   * Holds (appointments being paid for) the new opening leaves out are released with the write,
   * as a cancellation would free a booked one: their places go, their payments are cancelled at
   * the provider by the paid appointments' sweep, one paid meanwhile refunded. Kept only when the
   * admin keeps the booked appointments left out ('keep').
   */
  private async releaseHoldsLeftOut(
    tx: Tx,
    companyId: string,
    room: ManagedRoomRow,
    now: Date,
    opening: OpeningToHold,
    decision: ClosingDecision,
  ): Promise<void> {
    if (decision.affected === 'keep') return;
    const left = appointmentsLeftOut(await heldAhead(tx, companyId, room.id, now), opening);
    const released = await releaseHolds(
      tx,
      companyId,
      left.map((hold) => hold.id),
    );
    if (released > 0) tellAgendaAfterCommit(tx, this.options.agenda, companyId, room.storeId);
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
