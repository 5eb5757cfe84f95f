import { slotTakenSchema, type SlotTaken, type StoreSlots } from '@incontra/contracts/api/reservations';
import { ApiRequestError } from '@incontra/contracts/http';
import { IT_BOOKING } from '@incontra/contracts/messages/it-booking';
import { fieldErrorOf, isApiStatus } from '../api-error';
import { addDays, daysBetween } from '../dates/calendar-dates';

/** A free time offered instead of a refused one: its instant, and its date and clock time in the company's zone. */
export type FreeTime = SlotTaken['alternatives'][number];

/** How many free times are offered instead, and from which days around the refused one (the API's own bounds). */
const ALTERNATIVES = 6;
const DAYS_BEFORE = 1;
const DAYS_AFTER = 7;

/**
 * The 409 of a start that is not free (any more): booked by somebody else meanwhile, or closed.
 * Not the other refusals of a start (the same start as before, a topic gone), which say their own reason.
 */
export function isSlotTaken(error: unknown): boolean {
  return isApiStatus(error, 409) && fieldErrorOf(error, 'startsAt') === IT_BOOKING.errors.slotUnavailable;
}

/** The nearest free times the API sent with the refusal, when the error kept them (null otherwise). */
export function alternativesOf(error: unknown): FreeTime[] | null {
  if (!(error instanceof ApiRequestError)) return null;
  const parsed = slotTakenSchema.safeParse(error.body);
  return parsed.success ? parsed.data.alternatives : null;
}

/**
 * The free times nearest to a refused start, from fresh availability: those of its day, the day
 * before and the week after, the nearest first chosen, then in time order.
 */
export function nearestFreeTimes(slots: StoreSlots, refused: FreeTime): FreeTime[] {
  const refusedAt = Date.parse(refused.startsAt);
  const first = addDays(refused.date, -DAYS_BEFORE);
  const last = addDays(refused.date, DAYS_AFTER);
  return slots.days
    .filter((day) => daysBetween(first, day.date) >= 0 && daysBetween(day.date, last) >= 0)
    .flatMap((day) => day.slots.map((slot) => ({ startsAt: slot.startsAt, date: day.date, time: slot.time })))
    .filter((slot) => Date.parse(slot.startsAt) !== refusedAt)
    .sort((a, b) => Math.abs(Date.parse(a.startsAt) - refusedAt) - Math.abs(Date.parse(b.startsAt) - refusedAt))
    .slice(0, ALTERNATIVES)
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
}
