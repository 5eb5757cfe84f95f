import * as z from 'zod/mini';
import { IT_ROOMS, weekdayName } from '../messages/it-rooms';
import { apiErrorSchema, calendarDateSchema } from './common';
import { listPageShape, listQueryShape } from './list-page';

/*
 * The back office's rooms, their slots, weekly opening and dated exceptions (GET /api/rooms,
 * POST /api/room, /api/room/{id}, /slots, /opening, /exceptions). Opening times are wall-clock
 * "HH:MM" in the company's time zone, stored as written (never converted to UTC): 09:00 stays
 * 09:00 across daylight saving. "24:00" is the end of the day.
 */

export const ROOM_NAME_MAX = 100;
export const MAX_PARTICIPANTS_MAX = 50;
export const RESERVATION_SLOTS_MAX = 50;
export const SLOT_DURATION_MIN = 5;
export const SLOT_DURATION_MAX = 240;
export const RANGES_PER_DAY_MAX = 12;
export const EXCEPTION_NOTE_MAX = 200;
/** Opening times are on 5-minute boundaries (the shortest slot). */
export const TIME_STEP_MINUTES = 5;

/** A room as the back office lists it. */
export const managedRoomSchema = z.object({
  id: z.uuid(),
  storeId: z.uuid(),
  storeName: z.string(),
  name: z.string(),
  /** Appointments the room takes at the same time; 0: no booking. */
  reservationSlots: z.int(),
  /** Minutes of one appointment. */
  slotDuration: z.int(),
  /** People in the video room at once; null: no limit. */
  maxParticipants: z.nullable(z.int()),
});
export type ManagedRoom = z.infer<typeof managedRoomSchema>;

/** The orders a rooms' list takes (GET /api/rooms?sort=). */
export const ROOM_SORT_KEYS = ['name', 'store', 'reservationSlots', 'slotDuration', 'maxParticipants'] as const;
export type RoomSortKey = (typeof ROOM_SORT_KEYS)[number];

/** GET /api/rooms?storeId=&page=&pageSize=&q=&sort=&dir= : `storeId` narrows to one store's rooms; searched by room and store name. */
export const roomsQuerySchema = z.object({ storeId: z.optional(z.uuid(IT_ROOMS.validation.storeRequired)), ...listQueryShape(ROOM_SORT_KEYS) });
export type RoomsQuery = z.infer<typeof roomsQuerySchema>;

export const roomsPageSchema = z.object(listPageShape(managedRoomSchema));
export type RoomsPage = z.infer<typeof roomsPageSchema>;

const roomName = z
  .string({ error: IT_ROOMS.validation.nameRequired })
  .check(z.trim(), z.minLength(1, IT_ROOMS.validation.nameRequired), z.maxLength(ROOM_NAME_MAX, IT_ROOMS.validation.nameRequired));
/** A room's limit of people in its video room at once; null: no limit. */
export const maxParticipantsSchema = z.nullable(
  z
    .int({ error: IT_ROOMS.validation.maxParticipants })
    .check(z.minimum(1, IT_ROOMS.validation.maxParticipants), z.maximum(MAX_PARTICIPANTS_MAX, IT_ROOMS.validation.maxParticipants)),
);

/** POST /api/room. No maxParticipants: no limit. */
export const roomBodySchema = z.object({
  storeId: z.uuid({ error: IT_ROOMS.validation.storeRequired }),
  name: roomName,
  maxParticipants: z.optional(maxParticipantsSchema),
});
export type RoomBody = z.input<typeof roomBodySchema>;

/**
 * POST /api/room/{id}: the fields given change. A room stays in its store (its reservations,
 * invitations, requests and topics belong to that store): a different storeId is refused (409).
 */
export const roomUpdateBodySchema = z.partial(roomBodySchema);
export type RoomUpdateBody = z.input<typeof roomUpdateBodySchema>;

/** GET and POST /api/room/{id}/slots. */
export const roomSlotsSchema = z.object({
  reservationSlots: z
    .int({ error: IT_ROOMS.validation.reservationSlots })
    .check(z.minimum(0, IT_ROOMS.validation.reservationSlots), z.maximum(RESERVATION_SLOTS_MAX, IT_ROOMS.validation.reservationSlots)),
  slotDuration: z
    .int({ error: IT_ROOMS.validation.slotDuration })
    .check(z.minimum(SLOT_DURATION_MIN, IT_ROOMS.validation.slotDuration), z.maximum(SLOT_DURATION_MAX, IT_ROOMS.validation.slotDuration)),
});
export type RoomSlots = z.infer<typeof roomSlotsSchema>;

const HH_MM = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** Minutes since midnight of a valid "HH:MM" (24:00 is 1440). */
export function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** Whether a time is one the opening accepts: "00:00" to "24:00", on a 5-minute boundary. */
export function isOpeningTime(time: string): boolean {
  return HH_MM.test(time) && minutesOf(time) % TIME_STEP_MINUTES === 0;
}

const openingTime = z.string({ error: IT_ROOMS.validation.time }).check(z.refine(isOpeningTime, IT_ROOMS.validation.time));

export const timeRangeSchema = z.object({ start: openingTime, end: openingTime }).check(
  z.superRefine((range, ctx) => {
    if (minutesOf(range.start) >= minutesOf(range.end)) {
      ctx.issues.push({ code: 'custom', message: IT_ROOMS.validation.rangeOrder(range.start, range.end), input: range, path: ['end'] });
    }
  }),
);
export type TimeRange = z.infer<typeof timeRangeSchema>;

export const rangeText = (range: TimeRange) => `${range.start}–${range.end}`;

/**
 * The first two ranges of a day that share time, in the order of their start, or null. Ranges
 * that only touch (09:00–13:00 and 13:00–15:00) do not overlap; the same range twice does.
 */
export function firstOverlap(ranges: readonly TimeRange[]): [TimeRange, TimeRange] | null {
  const sorted = [...ranges].sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
  for (let index = 1; index < sorted.length; index += 1) {
    const previous = sorted[index - 1]!;
    const current = sorted[index]!;
    if (minutesOf(current.start) < minutesOf(previous.end)) return [previous, current];
  }
  return null;
}

const dayRanges = z.array(timeRangeSchema, { error: IT_ROOMS.validation.time }).check(z.maxLength(RANGES_PER_DAY_MAX, IT_ROOMS.validation.tooManyRanges));

/** Ranges of an exception date, none overlapping (the message names no weekday). */
export const dayRangesSchema = dayRanges.check(
  z.superRefine((ranges, ctx) => {
    const overlap = firstOverlap(ranges);
    if (!overlap) return;
    const message = IT_ROOMS.validation.overlap(rangeText(overlap[0]), rangeText(overlap[1]));
    ctx.issues.push({ code: 'custom', message: message.charAt(0).toUpperCase() + message.slice(1), input: ranges });
  }),
);

/** The message of a day's ranges that overlap, naming the day ("Lunedì: le fasce … si sovrappongono"), or null. */
export function dayOverlapMessage(weekday: number, ranges: readonly TimeRange[]): string | null {
  const overlap = firstOverlap(ranges);
  return overlap ? IT_ROOMS.validation.dayOverlap(weekdayName(weekday), rangeText(overlap[0]), rangeText(overlap[1])) : null;
}

export const weekdaySchema = z
  .int({ error: IT_ROOMS.validation.weekday })
  .check(z.minimum(1, IT_ROOMS.validation.weekday), z.maximum(7, IT_ROOMS.validation.weekday));

export const openingDaySchema = z.object({ weekday: weekdaySchema, ranges: dayRanges }).check(
  z.superRefine((day, ctx) => {
    const message = dayOverlapMessage(day.weekday, day.ranges);
    if (message) ctx.issues.push({ code: 'custom', message, input: day, path: ['ranges'] });
  }),
);
export type OpeningDay = z.infer<typeof openingDaySchema>;

/*
 * Closing time over booked appointments. A write of the opening (the week, an exception, an
 * exception removed) that would leave appointments still booked outside the opening answers 409
 * listing them, and changes nothing, unless it says what to do with them: `cancel` (each customer
 * is e-mailed the cancelling .ics with `message`, if any) or `keep` (they stay booked outside the
 * hours). `affectedIds`, when given, are the appointments staff were shown: one affected but not
 * among them answers 409 again, so nobody decides about an appointment they never saw.
 */
export const AFFECTED_CHOICES = ['cancel', 'keep'] as const;
export type AffectedChoice = (typeof AFFECTED_CHOICES)[number];
export const CLOSING_MESSAGE_MAX = 1000;
/** At most one page of appointments is decided on at once (the 409 lists them all). */
export const AFFECTED_IDS_MAX = 500;

const affectedIdsSchema = z.array(z.uuid(IT_ROOMS.validation.affectedIds)).check(z.maxLength(AFFECTED_IDS_MAX, IT_ROOMS.validation.affectedIds));

const closingDecisionShape = {
  affected: z.optional(z.enum(AFFECTED_CHOICES, { error: IT_ROOMS.validation.affected })),
  affectedIds: z.optional(affectedIdsSchema),
  message: z.optional(
    z.nullable(
      z.pipe(
        z.string({ error: IT_ROOMS.validation.closingMessage }).check(z.trim(), z.maxLength(CLOSING_MESSAGE_MAX, IT_ROOMS.validation.closingMessage)),
        z.transform((message) => (message === '' ? null : message)),
      ),
    ),
  ),
};

/** DELETE /api/room/{id}/exceptions/{date}?affected=&affectedIds=a,b&message=: the same decision, in the query. */
export const closingDecisionQuerySchema = z.object({
  ...closingDecisionShape,
  affectedIds: z.optional(
    z.pipe(
      z.pipe(
        z.string({ error: IT_ROOMS.validation.affectedIds }),
        z.transform((ids) => ids.split(',').filter(Boolean)),
      ),
      affectedIdsSchema,
    ),
  ),
});

/** What a write of the opening says about the appointments it would leave out. */
export interface ClosingDecision {
  affected?: AffectedChoice;
  affectedIds?: string[];
  message?: string | null;
}

/** An appointment the new opening would leave out: who, and when on the company's clock. */
export const affectedAppointmentSchema = z.object({
  id: z.string(),
  startsAt: z.string(),
  /** "YYYY-MM-DD" and "HH:MM" in the company's zone. */
  date: z.string(),
  time: z.string(),
  customerName: z.string(),
  topicName: z.nullable(z.string()),
});
export type AffectedAppointment = z.infer<typeof affectedAppointmentSchema>;

/** The 409 of an opening write that would close time over booked appointments. */
export const openingClosesAppointmentsSchema = z.extend(apiErrorSchema, { appointments: z.array(affectedAppointmentSchema) });
export type OpeningClosesAppointments = z.infer<typeof openingClosesAppointmentsSchema>;

/** POST /api/room/{id}/opening: the whole week; a day not listed (or with no ranges) is closed. */
export const weeklyOpeningBodySchema = z.object({
  ...closingDecisionShape,
  weekly: z.array(openingDaySchema, { error: IT_ROOMS.validation.weekly }).check(
    z.maxLength(7, IT_ROOMS.validation.weekly),
    z.superRefine((days, ctx) => {
      const seen = new Set<number>();
      days.forEach((day, index) => {
        if (seen.has(day.weekday))
          ctx.issues.push({ code: 'custom', message: IT_ROOMS.validation.weekdayRepeated(weekdayName(day.weekday)), input: days, path: [index, 'weekday'] });
        seen.add(day.weekday);
      });
    }),
  ),
});
export type WeeklyOpeningBody = z.input<typeof weeklyOpeningBodySchema>;

export const openingDateSchema = calendarDateSchema(IT_ROOMS.validation.date);

/** POST /api/room/{id}/exceptions: the date's opening instead of its weekday's; no ranges: closed. */
export const openingExceptionBodySchema = z.object({
  ...closingDecisionShape,
  date: openingDateSchema,
  ranges: dayRangesSchema,
  note: z.optional(
    z.nullable(
      z.pipe(
        z.string({ error: IT_ROOMS.validation.note }).check(z.trim(), z.maxLength(EXCEPTION_NOTE_MAX, IT_ROOMS.validation.note)),
        z.transform((note) => (note === '' ? null : note)),
      ),
    ),
  ),
});
export type OpeningExceptionBody = z.input<typeof openingExceptionBodySchema>;

export const openingExceptionSchema = z.object({
  date: z.string(),
  ranges: z.array(z.object({ start: z.string(), end: z.string() })),
  note: z.nullable(z.string()),
});
export type OpeningException = z.infer<typeof openingExceptionSchema>;

/** GET /api/room/{id}/opening: the seven days (Monday first) and the exceptions from today on. */
export const roomOpeningSchema = z.object({
  timeZone: z.string(),
  weekly: z.array(z.object({ weekday: z.int(), ranges: z.array(z.object({ start: z.string(), end: z.string() })) })),
  exceptions: z.array(openingExceptionSchema),
});
export type RoomOpening = z.infer<typeof roomOpeningSchema>;
