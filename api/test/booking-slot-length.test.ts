import {
  createdReservationSchema,
  customerReservationSchema,
  slotTakenSchema,
  staffReservationsPageSchema,
  storeSlotsSchema,
  type CreatedReservation,
} from '@incontra/contracts/api/reservations';
import { roomSlotsSchema, type RoomSlots } from '@incontra/contracts/api/room-management';
import { reservationBodies, seededBooking, serveByOneRoom, siteVisitor } from './helpers/booking-fixtures';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import type { TestClient } from './helpers/test-client';
import { signedInStaff } from './helpers/video-room-fixtures';

/*
 * An admin changes a room's appointment length while appointments booked at the old length are
 * still to come. Each keeps its own start and end (the agenda and the customer see them so), and
 * holds exactly its own period when free times are worked out and bookings decided on the new
 * grid: the starts it overlaps are neither offered nor bookable, the ones beside it stay free.
 * Topics have no length of their own: a topic's grid is its longest room's length, so lengthening
 * one room moves the grid of every room serving the topic.
 *
 * Milano Centro in Europe/Rome (UTC+1 in March): Sala Consulenza 1 place × 30 minutes, Sala
 * Assistenza 2 places × 20 minutes, both Monday to Friday 9–13 and 14–18. «Assistenza
 * post-vendita» is made Sala Consulenza's alone; «Consulenza prodotto» is served by both. The
 * clock stands at Monday 2 March 2026, 10:00 in Rome; each test books on a day of its own.
 */

let t: TestApp;
let admin: TestClient;
let milano: string;
let bothRoomsTopic: string;
let singleRoomTopic: string;
let consulenza: string;
let assistenza: string;
const seededLengths = new Map<string, RoomSlots>();

beforeAll(async () => {
  t = await startTestApp({ rateLimits: { bookingsPerMinute: 10_000, manageCallsPerMinute: 10_000 } });
  admin = await signedInStaff(t);
  const ids = await seededBooking(t);
  ({ milano, consulenzaRoom: consulenza, assistenzaRoom: assistenza, consulenzaTopic: bothRoomsTopic, singleRoomTopic } = ids);
  await serveByOneRoom(t, ids);
  for (const room of [consulenza, assistenza]) seededLengths.set(room, roomSlotsSchema.parse((await admin.get(`/api/room/${room}/slots`)).json()));
}, START_TIMEOUT_MS);

afterEach(async () => {
  for (const [room, slots] of seededLengths) expect((await admin.post(`/api/room/${room}/slots`, slots)).statusCode).toBe(200);
});

afterAll(() => t.close());

/** A browser on Demo's site with its CSRF cookie. */
const visitor = () => siteVisitor(t, 'demo.localhost', '198.51.100.20');

const customerBody = reservationBodies(
  () => ({ store: milano, topic: bothRoomsTopic, firstName: 'Carla', lastName: 'Cliente', phone: '333 765 4321', privacyConsent: true }),
  (n) => ({ lastName: `Cliente ${n}`, email: `carla.${n}@example.it` }),
);
const body = (topic: string, startsAt: string) => customerBody(startsAt, { topic });

async function book(topic: string, startsAt: string) {
  return (await visitor()).post('/api/reservations', body(topic, startsAt));
}

async function booked(topic: string, startsAt: string): Promise<CreatedReservation> {
  const response = await book(topic, startsAt);
  expect(response.statusCode).toBe(201);
  return createdReservationSchema.parse(response.json());
}

async function setLength(room: string, slotDuration: number): Promise<void> {
  const response = await admin.post(`/api/room/${room}/slots`, { ...seededLengths.get(room)!, slotDuration });
  expect(response.statusCode).toBe(200);
}

/** The free starts of the day's morning (before 13:00) as "HH:MM ×places". */
async function morning(topic: string, date: string): Promise<string[]> {
  const response = await (await visitor()).get(`/api/config/store/${milano}/slots?topic=${topic}&from=${date}&to=${date}`);
  expect(response.statusCode).toBe(200);
  const [day] = storeSlotsSchema.parse(response.json()).days;
  return day!.slots.filter((slot) => slot.time < '13:00').map((slot) => `${slot.time} ×${slot.remaining}`);
}

/** The staff's agenda of the day as "start–end room" (UTC instants). */
async function agenda(date: string): Promise<string[]> {
  const response = await admin.get(`/api/bo/reservations?store=${milano}&from=${date}&to=${date}&status=booked&pageSize=100`);
  expect(response.statusCode).toBe(200);
  return staffReservationsPageSchema
    .parse(response.json())
    .items.map((item) => `${item.startsAt.slice(11, 16)}–${item.endsAt.slice(11, 16)} ${item.room.name}`)
    .sort();
}

async function refusedWithAlternatives(topic: string, startsAt: string): Promise<string[]> {
  const response = await book(topic, startsAt);
  expect(response.statusCode).toBe(409);
  return slotTakenSchema.parse(response.json()).alternatives.map((alternative) => alternative.startsAt);
}

describe('a room’s appointment length changed over appointments booked at the old one', () => {
  it('shorter (30 → 20 minutes, off the old grid): the appointment keeps 10:00–10:30 and hides exactly the starts it overlaps', async () => {
    const date = '2026-03-03';
    const first = await booked(singleRoomTopic, '2026-03-03T09:00:00.000Z'); // 10:00 in Rome
    expect(first.reservation.endsAt).toBe('2026-03-03T09:30:00.000Z');
    await setLength(consulenza, 20);

    // 10:00–10:20 and 10:20–10:40 meet 10:00–10:30; 09:40–10:00 and 10:40–11:00 do not.
    expect(await morning(singleRoomTopic, date)).toEqual(
      ['09:00', '09:20', '09:40', '10:40', '11:00', '11:20', '11:40', '12:00', '12:20', '12:40'].map((time) => `${time} ×1`),
    );
    const alternatives = await refusedWithAlternatives(singleRoomTopic, '2026-03-03T09:20:00.000Z');
    expect(alternatives).not.toContain('2026-03-03T09:00:00.000Z');
    expect(alternatives).toContain('2026-03-03T09:40:00.000Z');
    expect((await book(singleRoomTopic, '2026-03-03T09:00:00.000Z')).statusCode).toBe(409);

    // The neighbours are booked at the new length, end to end with it.
    expect((await booked(singleRoomTopic, '2026-03-03T08:40:00.000Z')).reservation.endsAt).toBe('2026-03-03T09:00:00.000Z');
    expect((await booked(singleRoomTopic, '2026-03-03T09:40:00.000Z')).reservation.endsAt).toBe('2026-03-03T10:00:00.000Z');

    expect(await agenda(date)).toEqual(['08:40–09:00 Sala Consulenza', '09:00–09:30 Sala Consulenza', '09:40–10:00 Sala Consulenza']);
    const view = await (await visitor()).get(`/api/reservations/${first.reservation.id}`, { authorization: `Bearer ${first.manageToken}` });
    expect(customerReservationSchema.parse(view.json())).toMatchObject({
      status: 'booked',
      startsAt: '2026-03-03T09:00:00.000Z',
      endsAt: '2026-03-03T09:30:00.000Z',
    });
  });

  it('longer (30 → 60 minutes): the appointment keeps 10:30–11:00, hides the one start it overlaps, and a move takes the new length', async () => {
    const date = '2026-03-04';
    const first = await booked(singleRoomTopic, '2026-03-04T09:30:00.000Z'); // 10:30 in Rome
    await setLength(consulenza, 60);

    // On the hour now: 10:00–11:00 meets 10:30–11:00; 11:00 starts as it ends.
    expect(await morning(singleRoomTopic, date)).toEqual(['09:00 ×1', '11:00 ×1', '12:00 ×1']);
    expect(await refusedWithAlternatives(singleRoomTopic, '2026-03-04T09:00:00.000Z')).toContain('2026-03-04T10:00:00.000Z');
    expect((await booked(singleRoomTopic, '2026-03-04T10:00:00.000Z')).reservation.endsAt).toBe('2026-03-04T11:00:00.000Z');
    expect(await agenda(date)).toEqual(['09:30–10:00 Sala Consulenza', '10:00–11:00 Sala Consulenza']);

    // Booked 11:00–12:00 beside it, the appointment still holds 10:30–11:00 only: 09:00 stays free.
    expect(await morning(singleRoomTopic, date)).toEqual(['09:00 ×1', '12:00 ×1']);

    // Moved, it is booked anew at the room's length now (12:00–13:00), and its old period is free.
    const moved = await (
      await visitor()
    ).post(`/api/reservations/${first.reservation.id}/move`, { startsAt: '2026-03-04T11:00:00.000Z' }, { authorization: `Bearer ${first.manageToken}` });
    expect(moved.statusCode).toBe(200);
    expect(customerReservationSchema.parse(moved.json())).toMatchObject({ startsAt: '2026-03-04T11:00:00.000Z', endsAt: '2026-03-04T12:00:00.000Z' });
    expect(await morning(singleRoomTopic, date)).toEqual(['09:00 ×1', '10:00 ×1']);
  });

  it('a topic’s grid follows its longest room: the other room’s appointments hold only their own room and period', async () => {
    const date = '2026-03-05';
    // At 10:30 (30-minute grid): both places of Sala Assistenza (20 min) and Sala Consulenza (30 min).
    for (let i = 0; i < 3; i += 1) await booked(bothRoomsTopic, '2026-03-05T09:30:00.000Z');
    expect(await agenda(date)).toEqual(['09:30–09:50 Sala Assistenza', '09:30–09:50 Sala Assistenza', '09:30–10:00 Sala Consulenza']);
    await setLength(consulenza, 60);

    // The grid is hourly now. 10:00: Sala Assistenza's 10:00–10:20 is free in both places,
    // Sala Consulenza's 10:00–11:00 meets its 10:30–11:00. 11:00: all three free.
    expect(await morning(bothRoomsTopic, date)).toEqual(['09:00 ×3', '10:00 ×2', '11:00 ×3', '12:00 ×3']);
    expect((await booked(bothRoomsTopic, '2026-03-05T09:00:00.000Z')).reservation).toMatchObject({
      room: { id: assistenza },
      endsAt: '2026-03-05T09:20:00.000Z',
    });
    await booked(bothRoomsTopic, '2026-03-05T09:00:00.000Z');
    expect(await refusedWithAlternatives(bothRoomsTopic, '2026-03-05T09:00:00.000Z')).toContain('2026-03-05T10:00:00.000Z');
    expect(await agenda(date)).toEqual([
      '09:00–09:20 Sala Assistenza',
      '09:00–09:20 Sala Assistenza',
      '09:30–09:50 Sala Assistenza',
      '09:30–09:50 Sala Assistenza',
      '09:30–10:00 Sala Consulenza',
    ]);
  });

  it('staff booking for a customer is refused over the old appointment as well', async () => {
    await booked(singleRoomTopic, '2026-03-06T09:00:00.000Z'); // Friday, 10:00–10:30 in Rome
    await setLength(consulenza, 20);
    const { firstName, lastName, email, phone, store, topic } = body(singleRoomTopic, '2026-03-06T09:20:00.000Z');
    const overlapping = await admin.post('/api/bo/reservations', { store, topic, firstName, lastName, email, phone, startsAt: '2026-03-06T09:20:00.000Z' });
    expect(overlapping.statusCode).toBe(409);
    const beside = await admin.post('/api/bo/reservations', { store, topic, firstName, lastName, email, phone, startsAt: '2026-03-06T09:40:00.000Z' });
    expect(beside.statusCode).toBe(201);
    expect(await agenda('2026-03-06')).toEqual(['09:00–09:30 Sala Consulenza', '09:40–10:00 Sala Consulenza']);
  });
});
