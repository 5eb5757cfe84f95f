import { DateTime } from 'luxon';
import { minutesOf, type TimeRange } from '@incontra/contracts/api/room-management';

/** What a room offers for booking: its opening in wall-clock time of the company's zone. */
export interface RoomSchedule {
  roomId: string;
  /** Minutes of one appointment (5–240). */
  slotDuration: number;
  /** Appointments the room takes at the same time (`reservationSlots`); 0: not bookable. */
  capacity: number;
  /** Weekday (1 Monday … 7 Sunday) → its ranges; a weekday not present is closed. */
  weekly: ReadonlyMap<number, readonly TimeRange[]>;
  /** Date ("YYYY-MM-DD") → the ranges that replace its weekday's; none: closed that day. */
  exceptions: ReadonlyMap<string, readonly TimeRange[]>;
}

/** An active reservation: it holds one place (`seat`, 1…capacity) of its room over its period. */
export interface HeldPlace {
  roomId: string;
  seat: number;
  startsAt: Date;
  endsAt: Date;
}

export interface FreeSlotQuery {
  timeZone: string;
  /** First and last date asked for, in the zone ("YYYY-MM-DD"), both included. */
  from: string;
  to: string;
  now: Date;
  /** No appointment starts sooner than this after `now`. */
  minNoticeMinutes: number;
  /** Dates bookable: today and the next `horizonDays - 1` days, in the zone. */
  horizonDays: number;
}

export interface FreeSlot {
  /** The start as an instant (ISO, UTC). */
  startsAt: string;
  /** The start as the store's clock shows it ("HH:MM"). */
  time: string;
  /** Appointments still free at this start, over all the rooms. */
  remaining: number;
  /** The rooms with a free place at this start, in the order of the schedules. */
  roomIds: string[];
}

export interface FreeDay {
  date: string;
  slots: FreeSlot[];
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The wall-clock start `minutes` after midnight of `date` in the zone, as an instant; null when
 * that time does not exist there (the hour skipped when the clocks go forward). A time that exists
 * twice (the hour repeated when they go back) is taken once, at its first occurrence.
 */
function instantOf(date: DateTime, minutes: number): DateTime | null {
  const hour = Math.floor(minutes / 60);
  const minute = minutes % 60;
  const candidate = date.set({ hour, minute, second: 0, millisecond: 0 });
  if (candidate.hour !== hour || candidate.minute !== minute || !candidate.hasSame(date, 'day')) return null;
  // In a repeated hour Luxon may pick either offset: the earlier instant is the first occurrence.
  const earlier = candidate.minus({ hours: 1 });
  return earlier.hour === hour && earlier.minute === minute && earlier.hasSame(date, 'day') ? earlier : candidate;
}

/** The places of `room` taken at some moment of [start, end). */
function takenSeats(held: readonly HeldPlace[], start: number, end: number): number {
  const seats = new Set<number>();
  for (const place of held) if (place.startsAt.getTime() < end && place.endsAt.getTime() > start) seats.add(place.seat);
  return seats.size;
}

/**
 * The free appointment starts of the days asked for, over the rooms given (those serving a topic),
 * per day in the company's zone. A room's day is its date exception if it has one, else its
 * weekday's ranges; each range is cut into appointments of the room's duration from its start,
 * the last one ending by the range's end. Times are wall-clock times of the zone: 09:00 is 09:00
 * in winter and in summer, and the days the clocks change have each existing time once. A start
 * is free in a room while fewer of its places are held over the appointment's period than the
 * room takes at once; starts sooner than the minimum notice, and days past the horizon, have none.
 * Days without a free start are listed with no slots.
 */
export function freeSlots(schedules: readonly RoomSchedule[], held: readonly HeldPlace[], query: FreeSlotQuery): FreeDay[] {
  const zone = query.timeZone;
  const today = DateTime.fromJSDate(query.now, { zone }).startOf('day');
  const lastBookable = today.plus({ days: query.horizonDays - 1 });
  const first = DateTime.fromISO(query.from, { zone }).startOf('day');
  const last = DateTime.fromISO(query.to, { zone }).startOf('day');
  if (!first.isValid || !last.isValid) return [];
  const earliestStart = query.now.getTime() + query.minNoticeMinutes * 60_000;
  const heldByRoom = new Map<string, HeldPlace[]>();
  for (const place of held) {
    const places = heldByRoom.get(place.roomId);
    if (places) places.push(place);
    else heldByRoom.set(place.roomId, [place]);
  }

  const days: FreeDay[] = [];
  for (let day = first; day <= last; day = day.plus({ days: 1 })) {
    const date = day.toISODate()!;
    if (day < today || day > lastBookable) {
      days.push({ date, slots: [] });
      continue;
    }
    const byStart = new Map<number, FreeSlot>();
    for (const room of schedules) {
      if (room.capacity <= 0) continue;
      const ranges = room.exceptions.get(date) ?? room.weekly.get(day.weekday) ?? [];
      const roomHeld = heldByRoom.get(room.roomId) ?? [];
      for (const range of ranges) {
        const end = minutesOf(range.end);
        for (let minutes = minutesOf(range.start); minutes + room.slotDuration <= end; minutes += room.slotDuration) {
          const start = instantOf(day, minutes);
          if (!start) continue;
          const startMs = start.toMillis();
          if (startMs < earliestStart) continue;
          const free = room.capacity - takenSeats(roomHeld, startMs, startMs + room.slotDuration * 60_000);
          if (free <= 0) continue;
          const slot = byStart.get(startMs) ?? { startsAt: start.toUTC().toISO()!, time: `${pad(start.hour)}:${pad(start.minute)}`, remaining: 0, roomIds: [] };
          slot.remaining += free;
          slot.roomIds.push(room.roomId);
          byStart.set(startMs, slot);
        }
      }
    }
    days.push({ date, slots: [...byStart.entries()].sort(([a], [b]) => a - b).map(([, slot]) => slot) });
  }
  return days;
}
