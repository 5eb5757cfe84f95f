import { slotTakenSchema, type SlotTaken } from '@incontra/contracts/api/reservations';
import { ApiRequestError } from '@incontra/contracts/http';
import { fieldErrorOf, isApiStatus } from '@incontra/mfe-kit/api-error';

/** A free time: its instant, and its date and clock time in the company's zone (as the API's alternatives come). */
export type FreeTime = SlotTaken['alternatives'][number];

/**
 * The 409 of a start that is not free (any more): booked by somebody else meanwhile, or closed.
 * Its body lists the nearest free times of the same topic.
 */
export function isSlotTaken(error: unknown): boolean {
  return isApiStatus(error, 409) && fieldErrorOf(error, 'startsAt') !== null;
}

/** The free times the API sent along with the refusal (none when the body has none). */
export function alternativesOf(error: unknown): FreeTime[] {
  if (!(error instanceof ApiRequestError)) return [];
  const parsed = slotTakenSchema.safeParse(error.body);
  return parsed.success ? parsed.data.alternatives : [];
}
