import type { CreatedReservation, CustomerReservation, StoreSlots } from '@incontra/contracts/api/reservations';
import type { StoreConfig } from '@incontra/contracts/api/stores';
import { IT_BOOKING } from '@incontra/contracts/messages/it-booking';
import { freezeNow } from '@incontra/mfe-kit/testing/freeze-now';
import type { FakeReply } from '@incontra/mfe-kit/testing/mock-fetch';
import type { FreeTime } from '@incontra/mfe-kit/booking/slot-taken';

export const STORE_ID = '5f0e0a52-8d4b-4c1e-9b7a-0a1b2c3d4e01';
export const ROOM_ID = '9f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f';
export const TOPIC_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
export const OTHER_TOPIC_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5e';
export const RESERVATION_ID = '6a5b4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d';
export const MANAGE_TOKEN = 'manage-token-0123456789';

/** Monday 2 March 2026, 09:00 in Rome: the tests' "now" (see atBookingTime). */
export const NOW = new Date('2026-03-02T08:00:00.000Z');

export const ROOM = { id: ROOM_ID, storeId: STORE_ID, name: 'Sala Consulenza', reservationSlots: 1, slotDuration: 30, maxParticipants: 2 };
export const STORE: StoreConfig = {
  id: STORE_ID,
  name: 'Milano Centro',
  address: 'Via Dante 1, Milano',
  wall: null,
  rooms: [ROOM],
  topics: [
    { id: TOPIC_ID, name: 'Consulenza occhiali', roomIds: [ROOM_ID], price: null },
    { id: OTHER_TOPIC_ID, name: 'Lenti a contatto', roomIds: [], price: null },
  ],
};

export const SLOTS_PATH = `GET /api/config/store/${STORE_ID}/slots`;
export const BOOK_PATH = 'POST /api/reservations';
export const RESERVATION_PATH = `GET /api/reservations/${RESERVATION_ID}`;
export const CANCEL_PATH = `POST /api/reservations/${RESERVATION_ID}/cancel`;
export const MOVE_PATH = `POST /api/reservations/${RESERVATION_ID}/move`;
export const ICS_PATH = `GET /api/reservations/${RESERVATION_ID}/calendar.ics`;

const slot = (startsAt: string, time: string) => ({ startsAt, time, remaining: 1 });

/**
 * The free times the API answers for the topic: none today (too soon), three on Tuesday 3, none on
 * Wednesday 4, one on Thursday 5; the days it does not list have none either.
 */
export function freeSlots(without: string[] = []): StoreSlots {
  const days = [
    { date: '2026-03-02', slots: [] },
    {
      date: '2026-03-03',
      slots: [slot('2026-03-03T09:00:00.000Z', '10:00'), slot('2026-03-03T09:30:00.000Z', '10:30'), slot('2026-03-03T10:00:00.000Z', '11:00')],
    },
    { date: '2026-03-04', slots: [] },
    { date: '2026-03-05', slots: [slot('2026-03-05T14:00:00.000Z', '15:00')] },
  ];
  return { timeZone: 'Europe/Rome', price: null, days: days.map((day) => ({ ...day, slots: day.slots.filter((free) => !without.includes(free.startsAt)) })) };
}

export function reservation(overrides: Partial<CustomerReservation> = {}): CustomerReservation {
  return {
    id: RESERVATION_ID,
    status: 'booked',
    startsAt: '2026-03-03T09:30:00.000Z',
    endsAt: '2026-03-03T10:00:00.000Z',
    timeZone: 'Europe/Rome',
    company: { name: 'Demo' },
    store: { id: STORE_ID, name: 'Milano Centro', address: 'Via Dante 1, Milano' },
    topic: { id: TOPIC_ID, name: 'Consulenza occhiali' },
    room: { id: ROOM_ID, name: 'Sala Consulenza' },
    customer: { firstName: 'Mario', lastName: 'Rossi', email: 'mario.rossi@example.it', phone: '+393331234567', notes: null },
    changeableUntil: '2026-03-03T07:30:00.000Z',
    joinOpensAt: '2026-03-03T09:15:00.000Z',
    joinPath: `/partecipa?appuntamento=${RESERVATION_ID}&token=gettone-cliente`,
    sequence: 0,
    payment: { status: 'none', amount: null, holdExpiresAt: null },
    ...overrides,
  };
}

export function created(overrides: Partial<CustomerReservation> = {}): CreatedReservation {
  return { reservation: reservation(overrides), manageToken: MANAGE_TOKEN, checkout: null };
}

/** The 409 of a start taken meanwhile, with the nearest free times as the API sends them. */
export function slotTaken(alternatives: FreeTime[]): FakeReply {
  return {
    status: 409,
    body: { statusCode: 409, error: 'Conflict', message: IT_BOOKING.errors.slotUnavailable, field: 'startsAt', alternatives },
  };
}

// Taken before any test fakes the clock: fake timers put a wrapper of their own in Intl's place.
const NATIVE_FORMAT = Intl.DateTimeFormat.prototype;
const realResolvedOptions = NATIVE_FORMAT.resolvedOptions;

/** The visitor's browser lives in `timeZone` until the test ends (a second call within a test replaces the first). */
export function setBrowserTimeZone(timeZone: string): void {
  jest.spyOn(NATIVE_FORMAT, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...realResolvedOptions.call(this), timeZone };
  });
}

/**
 * Each test of the calling `describe` at NOW in a browser on Rome's clock (the company's), with
 * real timers and every mock put back afterwards.
 */
export function atBookingTime(): void {
  beforeEach(() => {
    freezeNow(NOW);
    setBrowserTimeZone('Europe/Rome');
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });
}
