import { minutesOf, type AffectedAppointment, type OpeningDay, type TimeRange } from '@incontra/contracts/api/room-management';
import { IT_ROOMS } from '@incontra/contracts/messages/it-rooms';
import { HttpError } from '../http/http-error';
import { wallClock } from '../scheduling/zoned-time';
import type { AppointmentAhead } from '../booking/facade';

/** A room's opening as a write leaves it: the week, and the exceptions by date. */
export interface OpeningToHold {
  timeZone: string;
  weekly: readonly OpeningDay[];
  exceptions: ReadonlyMap<string, readonly TimeRange[]>;
}

/**
 * The appointments the opening does not hold: on their date (an exception's ranges, else the
 * weekday's) no range holds them from start to end, as the free times offered them. Wall-clock
 * minutes of the company's zone; the end is the start plus the appointment's length.
 */
export function appointmentsLeftOut(appointments: readonly AppointmentAhead[], opening: OpeningToHold): AffectedAppointment[] {
  const weekly = new Map(opening.weekly.map((day) => [day.weekday, day.ranges]));
  const left: AffectedAppointment[] = [];
  for (const appointment of appointments) {
    const { date, weekday, minutes: start, time } = wallClock(appointment.startsAt, opening.timeZone);
    const ranges = opening.exceptions.get(date) ?? weekly.get(weekday) ?? [];
    const end = start + Math.round((appointment.endsAt.getTime() - appointment.startsAt.getTime()) / 60_000);
    if (ranges.some((range) => minutesOf(range.start) <= start && end <= minutesOf(range.end))) continue;
    left.push({
      id: appointment.id,
      startsAt: appointment.startsAt.toISOString(),
      date,
      time,
      customerName: appointment.customerName,
      topicName: appointment.topicName,
    });
  }
  return left;
}

/** 409: the write would leave these appointments outside the opening and says nothing about them. */
export class ClosesAppointmentsError extends HttpError {
  constructor(readonly appointments: AffectedAppointment[]) {
    super(409, IT_ROOMS.errors.closesAppointments(appointments.length), 'affected');
  }

  override toBody() {
    return { ...super.toBody(), appointments: this.appointments };
  }
}
