import type { DateTime } from 'luxon';
import { minutesOf, type TimeRange } from '@incontra/contracts/api/room-management';
import { addDays, dateIn, nextDate, wallTimeOn, zonedMidnight } from '../scheduling/zoned-time';

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

/** The most days one call walks: a year of horizon and a little more (callers bound their questions well below). */
export const FREE_SLOT_DAYS_MAX = 400;

const pad = (value: number) => String(value).padStart(2, '0');

/** A room's held places sorted by start, with the longest period among them (for the search below). */
interface RoomHeld {
  places: HeldPlace[];
  longestMs: number;
}

function roomHeld(places: HeldPlace[]): RoomHeld {
  const sorted = [...places].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  return { places: sorted, longestMs: sorted.reduce((longest, place) => Math.max(longest, place.endsAt.getTime() - place.startsAt.getTime()), 0) };
}

/**
 * The places of the room taken at some moment of [start, end): those starting before `end` (a
 * binary search in start order) and ending after `start`, looked for back to `start - longest`.
 */
function takenSeats(held: RoomHeld, start: number, end: number): number {
  const { places, longestMs } = held;
  let low = 0;
  let high = places.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (places[middle]!.startsAt.getTime() < end) low = middle + 1;
    else high = middle;
  }
  const seats = new Set<number>();
  for (let i = low - 1; i >= 0; i -= 1) {
    const place = places[i]!;
    if (place.startsAt.getTime() <= start - longestMs) break;
    if (place.endsAt.getTime() > start) seats.add(place.seat);
  }
  return seats.size;
}

/**
 * Wall-clock minutes of `day` → instants. On a day exactly 24 hours long from midnight to
 * midnight (every day but the clock changes) that is arithmetic on the midnight instant; on a
 * change day each time goes through the zone rules (zoned-time's wallTimeOn).
 */
function dayClock(day: DateTime, nextMidnightMs: number): (minutes: number) => number | null {
  const base = day.toMillis();
  if (nextMidnightMs - base === 24 * 3_600_000 && day.hour === 0 && day.minute === 0) {
    return (minutes) => (minutes < 24 * 60 ? base + minutes * 60_000 : null);
  }
  return (minutes) => wallTimeOn(day, minutes)?.toMillis() ?? null;
}

/**
 * One regular grid of starts per question: the longest appointment among the rooms asked about.
 * Rooms of one length (the usual case, and a single room) keep their own grid; when a topic's
 * rooms differ (20 and 30 minutes), every room starts on the 30-minute grid and its appointment
 * lasts its own length, rather than a merged 09:00, 09:20, 09:30, 09:40 that no visitor can read.
 */
export function topicStep(schedules: readonly RoomSchedule[]): number {
  return schedules.reduce((longest, room) => (room.capacity > 0 ? Math.max(longest, room.slotDuration) : longest), 1);
}

/**
 * The free appointment starts of the days asked for, over the rooms given (those serving a topic),
 * per day in the company's zone. A room's day is its date exception if it has one, else its
 * weekday's ranges; each range is cut from its start into starts one step apart (topicStep: the
 * longest appointment among the rooms), each appointment lasting its room's duration and ending by
 * the range's end. Times are wall-clock times of the zone: 09:00 is 09:00
 * in winter and in summer, and the days the clocks change have each existing time once. A start
 * is free in a room while fewer of its places are held over the appointment's period than the
 * room takes at once; starts sooner than the minimum notice, and days past the horizon, have none.
 * Days without a free start are listed with no slots.
 */
export function freeSlots(schedules: readonly RoomSchedule[], held: readonly HeldPlace[], query: FreeSlotQuery): FreeDay[] {
  const zone = query.timeZone;
  const first = zonedMidnight(query.from, zone);
  const last = zonedMidnight(query.to, zone);
  if (!first.isValid || !last.isValid) return [];
  const earliestStart = query.now.getTime() + query.minNoticeMinutes * 60_000;
  const placesByRoom = new Map<string, HeldPlace[]>();
  for (const place of held) {
    const places = placesByRoom.get(place.roomId);
    if (places) places.push(place);
    else placesByRoom.set(place.roomId, [place]);
  }
  const heldByRoom = new Map<string, RoomHeld>([...placesByRoom].map(([roomId, places]) => [roomId, roomHeld(places)]));
  const noneHeld: RoomHeld = { places: [], longestMs: 0 };
  const step = topicStep(schedules);

  // Dates are walked as plain calendar text; the zone is asked once per date (its midnight),
  // which is what Luxon costs: about everything else is arithmetic.
  const days: FreeDay[] = [];
  const firstDate = first.toISODate()!;
  const lastDate = last.toISODate()!;
  const todayDate = dateIn(zone, query.now);
  const lastBookableDate = addDays(todayDate, query.horizonDays - 1);
  // The walk is counted, never compared as text: past year 9999 the next date sorts before the last.
  const dayCount = (Date.parse(`${lastDate}T00:00:00Z`) - Date.parse(`${firstDate}T00:00:00Z`)) / 86_400_000 + 1;
  if (!(dayCount <= FREE_SLOT_DAYS_MAX)) throw new RangeError(`freeSlots: ${firstDate}…${lastDate} is more than ${FREE_SLOT_DAYS_MAX} days`);
  let day = zonedMidnight(firstDate, zone);
  for (let index = 0, date = firstDate; index < dayCount; index += 1, date = nextDate(date)) {
    const nextDay = zonedMidnight(nextDate(date), zone);
    const current = day;
    day = nextDay;
    if (date < todayDate || date > lastBookableDate) {
      days.push({ date, slots: [] });
      continue;
    }
    const byStart = new Map<number, FreeSlot>();
    const instantAt = dayClock(current, nextDay.toMillis());
    for (const room of schedules) {
      if (room.capacity <= 0) continue;
      const ranges = room.exceptions.get(date) ?? room.weekly.get(current.weekday) ?? [];
      const held = heldByRoom.get(room.roomId) ?? noneHeld;
      for (const range of ranges) {
        const end = minutesOf(range.end);
        for (let minutes = minutesOf(range.start); minutes + room.slotDuration <= end; minutes += step) {
          const startMs = instantAt(minutes);
          if (startMs === null || startMs < earliestStart) continue;
          const free = room.capacity - takenSeats(held, startMs, startMs + room.slotDuration * 60_000);
          if (free <= 0) continue;
          const slot = byStart.get(startMs) ?? {
            startsAt: new Date(startMs).toISOString(),
            time: `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`,
            remaining: 0,
            roomIds: [],
          };
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
