import { IT_BOOKING } from '@incontra/contracts/messages/it-booking';
import { ApiRequestError } from '@incontra/contracts/http';
import type { StoreSlots } from '@incontra/contracts/api/reservations';
import { alternativesOf, isSlotTaken, nearestFreeTimes } from './slot-taken';

const refusal = (message: string, extra: Record<string, unknown> = {}) =>
  new ApiRequestError(409, { statusCode: 409, error: 'Conflict', message, field: 'startsAt', ...extra });

const free = (startsAt: string, time: string) => ({ startsAt, time, remaining: 1 });

/** Tuesday 10:00, 10:30, 11:00 and Thursday 15:00 free (Rome). */
function freeSlots(): StoreSlots {
  return {
    timeZone: 'Europe/Rome',
    price: null,
    days: [
      { date: '2026-03-02', slots: [] },
      {
        date: '2026-03-03',
        slots: [free('2026-03-03T09:00:00.000Z', '10:00'), free('2026-03-03T09:30:00.000Z', '10:30'), free('2026-03-03T10:00:00.000Z', '11:00')],
      },
      { date: '2026-03-04', slots: [] },
      { date: '2026-03-05', slots: [free('2026-03-05T14:00:00.000Z', '15:00')] },
    ],
  };
}

describe('a refused start', () => {
  it('is told apart from the other refusals of a time', () => {
    expect(isSlotTaken(refusal(IT_BOOKING.errors.slotUnavailable))).toBe(true);
    expect(isSlotTaken(refusal(IT_BOOKING.errors.sameStart))).toBe(false);
    expect(isSlotTaken(new Error('boom'))).toBe(false);
  });

  it('offers the API’s own alternatives when the error carries them', () => {
    const alternatives = [{ startsAt: '2026-03-03T09:00:00.000Z', date: '2026-03-03', time: '10:00' }];
    expect(alternativesOf(refusal(IT_BOOKING.errors.slotUnavailable, { alternatives }))).toEqual(alternatives);
    expect(alternativesOf(refusal(IT_BOOKING.errors.slotUnavailable))).toBeNull();
  });

  it('otherwise finds the nearest free times in the days around it, in time order', () => {
    const refused = { startsAt: '2026-03-03T09:30:00.000Z', date: '2026-03-03', time: '10:30' };
    const slots = freeSlots();
    slots.days.push({ date: '2026-03-20', slots: [{ startsAt: '2026-03-20T09:00:00.000Z', time: '10:00', remaining: 1 }] });
    expect(nearestFreeTimes(slots, refused).map((free) => `${free.date} ${free.time}`)).toEqual(['2026-03-03 10:00', '2026-03-03 11:00', '2026-03-05 15:00']);
  });
});
