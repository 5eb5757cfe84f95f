import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { managedRoomSchema, roomSlotsSchema } from '@incontra/contracts/api/room-management';
import { subscriptionSchema } from '@incontra/contracts/api/subscription';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { IT_ROOMS } from '@incontra/contracts/messages/it-rooms';
import { roomOpeningExceptions, slotSchedules } from '../src/db/schema';
import { startLobbyApp, type LobbyTestApp } from './helpers/lobby-fixtures';
import { START_TIMEOUT_MS } from './helpers/test-app';
import type { TestClient } from './helpers/test-client';
import { RoomsFixture } from './rooms-fixture';

/*
 * Rooms and their slots through the API: the list (store scope of operators), create with the
 * plan's limit and unique names, update (the store stays), delete refused while reservations are
 * to come, and every write logged. Demo's trial allows 5 rooms and has 3; Acme's plan is unlimited.
 */

let t: LobbyTestApp;
let f: RoomsFixture;
let anna: TestClient;
let marco: TestClient;
let luca: TestClient;
let milano: string;
let roma: string;
let acmeStore: string;
beforeAll(async () => {
  t = await startLobbyApp({ rateLimits: { notFoundPerMinute: 100_000 } });
  f = new RoomsFixture(t);
  anna = await t.staff('admin');
  marco = await t.staff('operatore');
  luca = await t.staff('admin', 'acme.localhost');
  milano = t.seeded.store('Milano Centro');
  roma = t.seeded.store('Roma Termini');
  acmeStore = t.seeded.store('Acme Torino');
}, START_TIMEOUT_MS);
afterEach(() => t.serveOnly(t.seeded.demoId, 'operatore', []));
afterAll(() => t.close());

const forbidden = { statusCode: 403, error: 'Forbidden', message: IT_MANAGEMENT.forbidden };
const notFound = { statusCode: 404, error: 'Not Found', message: IT_ROOMS.errors.notFound };
const badRequest = (field: string, message: string) => ({ statusCode: 400, error: 'Bad Request', message, field });

describe('GET /api/rooms', () => {
  it('lists the company’s rooms by store and name, with their store and slots', async () => {
    expect(await f.list(anna)).toEqual([
      {
        id: t.seeded.room('Sala Assistenza'),
        storeId: milano,
        storeName: 'Milano Centro',
        name: 'Sala Assistenza',
        reservationSlots: 2,
        slotDuration: 20,
        maxParticipants: 2,
      },
      {
        id: t.seeded.room('Sala Consulenza'),
        storeId: milano,
        storeName: 'Milano Centro',
        name: 'Sala Consulenza',
        reservationSlots: 1,
        slotDuration: 30,
        maxParticipants: 4,
      },
      {
        id: t.seeded.room('Sala Roma'),
        storeId: roma,
        storeName: 'Roma Termini',
        name: 'Sala Roma',
        reservationSlots: 1,
        slotDuration: 30,
        maxParticipants: null,
      },
    ]);
    expect((await f.list(luca)).map((room) => room.name)).toEqual(['Sala Acme']);
  });

  it('narrows to one store; another company’s store or a store not served lists nothing', async () => {
    expect((await f.list(anna, `?storeId=${roma}`)).map((room) => room.name)).toEqual(['Sala Roma']);
    expect(await f.list(anna, `?storeId=${acmeStore}`)).toEqual([]);
    await t.serveOnly(t.seeded.demoId, 'operatore', [milano]);
    expect(await f.list(marco, `?storeId=${roma}`)).toEqual([]);
  });

  it('shows an operator the rooms of the stores they serve, all when no row limits them', async () => {
    expect(await f.list(marco)).toHaveLength(3);
    await t.serveOnly(t.seeded.demoId, 'operatore', [milano]);
    expect((await f.list(marco)).map((room) => room.name)).toEqual(['Sala Assistenza', 'Sala Consulenza']);
  });

  it('answers a page at a time with the total; searches room and store names with case and accents ignored', async () => {
    const first = await f.page(anna, '?pageSize=2');
    expect({ names: first.items.map((room) => room.name), total: first.total, page: first.page, pageSize: first.pageSize }).toEqual({
      names: ['Sala Assistenza', 'Sala Consulenza'],
      total: 3,
      page: 1,
      pageSize: 2,
    });
    const second = await f.page(anna, '?pageSize=2&page=2');
    expect({ names: second.items.map((room) => room.name), total: second.total }).toEqual({ names: ['Sala Roma'], total: 3 });
    expect(await f.page(anna, '?pageSize=2&page=3')).toEqual({ items: [], total: 3, page: 3, pageSize: 2 });

    const names = async (query: string, browser = anna) => (await f.page(browser, query)).items.map((room) => room.name);
    expect(await names('?q=MILANO')).toEqual(['Sala Assistenza', 'Sala Consulenza']);
    expect(await names('?q=consul%C3%A8nza')).toEqual(['Sala Consulenza']);
    expect(await names(`?q=sala&storeId=${roma}`)).toEqual(['Sala Roma']);
    expect(await names('?q=%25')).toEqual([]);
    expect(await names('?q=acme')).toEqual([]);
    // An operator finds only in the stores they serve.
    await t.serveOnly(t.seeded.demoId, 'operatore', [milano]);
    expect(await names('?q=roma', marco)).toEqual([]);
  });

  it('sorts by the column a header chose, then by store and name; no limit of people counts as the most', async () => {
    const names = async (query: string) => (await f.page(anna, query)).items.map((room) => room.name);
    expect(await names('?sort=maxParticipants')).toEqual(['Sala Assistenza', 'Sala Consulenza', 'Sala Roma']);
    expect(await names('?sort=maxParticipants&dir=desc')).toEqual(['Sala Roma', 'Sala Consulenza', 'Sala Assistenza']);
    expect(await names('?sort=slotDuration&dir=desc')).toEqual(['Sala Consulenza', 'Sala Roma', 'Sala Assistenza']);
    expect(await names('?sort=store&dir=desc')).toEqual(['Sala Roma', 'Sala Assistenza', 'Sala Consulenza']);
    expect(await names('?sort=name&dir=desc')).toEqual(['Sala Roma', 'Sala Consulenza', 'Sala Assistenza']);
    const response = await anna.get('/api/rooms?sort=price');
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 400, body: badRequest('sort', IT_MANAGEMENT.listQuery.sort) });
  });

  it('answers 400 naming storeId for a malformed one', async () => {
    const response = await anna.get('/api/rooms?storeId=milano');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(badRequest('storeId', IT_ROOMS.validation.storeRequired));
  });
});

describe('GET /api/room/{id}', () => {
  it('answers the room; another company’s, an unknown one, or one of a store an operator does not serve is 404', async () => {
    const room = managedRoomSchema.parse((await anna.get(`/api/room/${t.seeded.room('Sala Roma')}`)).json());
    expect(room).toMatchObject({ name: 'Sala Roma', storeName: 'Roma Termini' });
    for (const id of [t.seeded.room('Sala Acme'), randomUUID()]) {
      const response = await anna.get(`/api/room/${id}`);
      expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 404, body: notFound });
    }
    await t.serveOnly(t.seeded.demoId, 'operatore', [milano]);
    expect((await marco.get(`/api/room/${t.seeded.room('Sala Roma')}`)).json()).toEqual(notFound);
    expect((await marco.get(`/api/room/${t.seeded.room('Sala Consulenza')}`)).statusCode).toBe(200);
  });

  it('answers a malformed id like an unknown one: 404 not found', async () => {
    expect((await anna.get('/api/room/sala-roma')).json()).toEqual(notFound);
    expect((await anna.get('/api/room/00000000-0000-4000-8000-000000000000')).json()).toEqual(notFound);
  });
});

describe('POST /api/room', () => {
  it('creates a room in a store, logged with its author', async () => {
    const room = await f.create(luca, { storeId: acmeStore, name: '  Sala Nuova ', maxParticipants: 6 });
    expect(room).toEqual({
      id: room.id,
      storeId: acmeStore,
      storeName: 'Acme Torino',
      name: 'Sala Nuova',
      reservationSlots: 1,
      slotDuration: 30,
      maxParticipants: 6,
    });
    expect(await f.activity(t.seeded.acmeId, room.id)).toEqual([
      { action: 'create', entityType: 'room', summary: 'Creata la stanza «Sala Nuova» di «Acme Torino»', userName: 'Luca Verdi' },
    ]);
    const unlimited = await f.create(luca, { storeId: acmeStore, name: 'Sala Aperta' });
    expect(unlimited.maxParticipants).toBeNull();
  });

  it('refuses a name the store already has, whatever its case (409 naming name)', async () => {
    const before = await f.roomCount(t.seeded.acmeId);
    const response = await luca.post('/api/room', { storeId: acmeStore, name: 'sala acme' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: IT_ROOMS.errors.nameTaken, field: 'name' });
    expect(await f.roomCount(t.seeded.acmeId)).toBe(before);
  });

  it('answers 404 naming storeId for another company’s store or an unknown one', async () => {
    for (const storeId of [milano, randomUUID()]) {
      const response = await luca.post('/api/room', { storeId, name: 'Sala Intrusa' });
      expect({ status: response.statusCode, body: response.json() }).toEqual({
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: IT_ROOMS.errors.storeNotFound, field: 'storeId' },
      });
    }
    expect(await f.roomCount(t.seeded.demoId)).toBe(3);
  });

  it.each<[Record<string, unknown>, string, string]>([
    [{ name: 'Sala' }, 'storeId', IT_ROOMS.validation.storeRequired],
    [{ storeId: 'acme', name: 'Sala' }, 'storeId', IT_ROOMS.validation.storeRequired],
    [{ storeId: '<acme>' }, 'name', IT_ROOMS.validation.nameRequired],
    [{ storeId: '<acme>', name: '   ' }, 'name', IT_ROOMS.validation.nameRequired],
    [{ storeId: '<acme>', name: 'x'.repeat(101) }, 'name', IT_ROOMS.validation.nameRequired],
    [{ storeId: '<acme>', name: 'Sala', maxParticipants: 0 }, 'maxParticipants', IT_ROOMS.validation.maxParticipants],
    [{ storeId: '<acme>', name: 'Sala', maxParticipants: 51 }, 'maxParticipants', IT_ROOMS.validation.maxParticipants],
    [{ storeId: '<acme>', name: 'Sala', maxParticipants: 2.5 }, 'maxParticipants', IT_ROOMS.validation.maxParticipants],
    [{ storeId: '<acme>', name: 'Sala', maxParticipants: '4' }, 'maxParticipants', IT_ROOMS.validation.maxParticipants],
  ])('refuses %j with 400 naming %s', async (body, field, message) => {
    const before = await f.roomCount(t.seeded.acmeId);
    const withStore: Record<string, unknown> = { ...body, ...(body.storeId === '<acme>' ? { storeId: acmeStore } : {}) };
    const response = await luca.post('/api/room', withStore);
    expect(response.json()).toEqual(badRequest(field, message));
    expect(await f.roomCount(t.seeded.acmeId)).toBe(before);
  });

  it('is refused to an operator (403) before the body is looked at', async () => {
    expect((await marco.post('/api/room', { storeId: milano, name: 'Sala Operatore' })).json()).toEqual(forbidden);
    expect((await marco.post('/api/room', {})).json()).toEqual(forbidden);
    expect(await f.roomCount(t.seeded.demoId)).toBe(3);
  });
});

describe('POST /api/room/{id}', () => {
  it('renames and changes the participants’ limit, logged', async () => {
    const room = await f.create(luca, { storeId: acmeStore, name: 'Sala Da Rinominare', maxParticipants: 2 });
    const response = await luca.post(`/api/room/${room.id}`, { name: 'Sala Rinominata', maxParticipants: null, storeId: acmeStore });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...room, name: 'Sala Rinominata', maxParticipants: null });
    // A field not given stays.
    expect((await luca.post(`/api/room/${room.id}`, { maxParticipants: 8 })).json()).toMatchObject({ name: 'Sala Rinominata', maxParticipants: 8 });
    expect((await f.activity(t.seeded.acmeId, room.id)).map((line) => line.summary)).toEqual([
      'Creata la stanza «Sala Da Rinominare» di «Acme Torino»',
      'Modificata la stanza «Sala Rinominata» di «Acme Torino»',
      'Modificata la stanza «Sala Rinominata» di «Acme Torino»',
    ]);
  });

  it('keeps the room in its store: another storeId is 409 naming storeId', async () => {
    const id = t.seeded.room('Sala Roma');
    const response = await anna.post(`/api/room/${id}`, { storeId: milano, name: 'Sala Spostata' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: IT_ROOMS.errors.storeFixed, field: 'storeId' });
    expect((await anna.get(`/api/room/${id}`)).json()).toMatchObject({ storeId: roma, name: 'Sala Roma' });
  });

  it('refuses a name another room of the store has (409), accepts its own in another case', async () => {
    const id = t.seeded.room('Sala Consulenza');
    expect((await anna.post(`/api/room/${id}`, { name: 'SALA ASSISTENZA' })).json()).toMatchObject({ statusCode: 409, field: 'name' });
    // Another store's room of that name does not matter.
    expect((await anna.post(`/api/room/${t.seeded.room('Sala Roma')}`, { name: 'Sala Assistenza' })).statusCode).toBe(200);
    expect((await anna.post(`/api/room/${t.seeded.room('Sala Roma')}`, { name: 'Sala Roma' })).statusCode).toBe(200);
    expect((await anna.post(`/api/room/${id}`, { name: 'sala consulenza' })).json()).toMatchObject({ name: 'sala consulenza' });
    expect((await anna.post(`/api/room/${id}`, { name: 'Sala Consulenza' })).statusCode).toBe(200);
  });

  it('answers 400 naming the field, 404 for another company’s room, 403 to an operator', async () => {
    const id = t.seeded.room('Sala Roma');
    expect((await anna.post(`/api/room/${id}`, { name: '' })).json()).toEqual(badRequest('name', IT_ROOMS.validation.nameRequired));
    expect((await anna.post(`/api/room/${id}`, { maxParticipants: 99 })).json()).toEqual(badRequest('maxParticipants', IT_ROOMS.validation.maxParticipants));
    expect((await anna.post(`/api/room/${t.seeded.room('Sala Acme')}`, { name: 'Presa' })).json()).toEqual(notFound);
    expect((await marco.post(`/api/room/${id}`, { name: 'Presa' })).json()).toEqual(forbidden);
    expect((await anna.get(`/api/room/${id}`)).json()).toMatchObject({ name: 'Sala Roma', maxParticipants: null });
    expect((await luca.get(`/api/room/${t.seeded.room('Sala Acme')}`)).json()).toMatchObject({ name: 'Sala Acme' });
  });
});

describe('GET and POST /api/room/{id}/slots', () => {
  it('answers and changes the simultaneous appointments and their length, logged', async () => {
    const id = t.seeded.room('Sala Assistenza');
    expect((await marco.get(`/api/room/${id}/slots`)).json()).toEqual({ reservationSlots: 2, slotDuration: 20 });
    const response = await anna.post(`/api/room/${id}/slots`, { reservationSlots: 0, slotDuration: 240 });
    expect(roomSlotsSchema.parse(response.json())).toEqual({ reservationSlots: 0, slotDuration: 240 });
    expect((await anna.get(`/api/room/${id}`)).json()).toMatchObject({ reservationSlots: 0, slotDuration: 240 });
    expect((await f.activity(t.seeded.demoId, id)).at(-1)).toMatchObject({
      action: 'update',
      entityType: 'room',
      summary: 'Stanza «Sala Assistenza»: 0 appuntamenti contemporanei da 240 minuti',
    });
    expect((await anna.post(`/api/room/${id}/slots`, { reservationSlots: 2, slotDuration: 20 })).statusCode).toBe(200);
  });

  it.each([
    [{ slotDuration: 30 }, 'reservationSlots', IT_ROOMS.validation.reservationSlots],
    [{ reservationSlots: -1, slotDuration: 30 }, 'reservationSlots', IT_ROOMS.validation.reservationSlots],
    [{ reservationSlots: 51, slotDuration: 30 }, 'reservationSlots', IT_ROOMS.validation.reservationSlots],
    [{ reservationSlots: 1.5, slotDuration: 30 }, 'reservationSlots', IT_ROOMS.validation.reservationSlots],
    [{ reservationSlots: 1 }, 'slotDuration', IT_ROOMS.validation.slotDuration],
    [{ reservationSlots: 1, slotDuration: 4 }, 'slotDuration', IT_ROOMS.validation.slotDuration],
    [{ reservationSlots: 1, slotDuration: 241 }, 'slotDuration', IT_ROOMS.validation.slotDuration],
    [{ reservationSlots: 1, slotDuration: '30' }, 'slotDuration', IT_ROOMS.validation.slotDuration],
  ])('refuses %j with 400 naming %s', async (body, field, message) => {
    const id = t.seeded.room('Sala Consulenza');
    expect((await anna.post(`/api/room/${id}/slots`, body)).json()).toEqual(badRequest(field, message));
    expect((await anna.get(`/api/room/${id}/slots`)).json()).toEqual({ reservationSlots: 1, slotDuration: 30 });
  });

  it('is 403 to an operator, 404 for another company’s room or one not served', async () => {
    const id = t.seeded.room('Sala Roma');
    expect((await marco.post(`/api/room/${id}/slots`, { reservationSlots: 3, slotDuration: 15 })).json()).toEqual(forbidden);
    expect((await anna.post(`/api/room/${t.seeded.room('Sala Acme')}/slots`, { reservationSlots: 3, slotDuration: 15 })).json()).toEqual(notFound);
    expect((await anna.get(`/api/room/${t.seeded.room('Sala Acme')}/slots`)).json()).toEqual(notFound);
    await t.serveOnly(t.seeded.demoId, 'operatore', [milano]);
    expect((await marco.get(`/api/room/${id}/slots`)).json()).toEqual(notFound);
    expect((await luca.get(`/api/room/${t.seeded.room('Sala Acme')}/slots`)).json()).toEqual({ reservationSlots: 1, slotDuration: 45 });
  });
});

describe('DELETE /api/room/{id}', () => {
  it('is refused (409, with the count) while reservations are to come; past and cancelled ones do not count', async () => {
    const room = await f.create(luca, { storeId: acmeStore, name: 'Sala Prenotata' });
    const now = t.clock.now().getTime();
    await f.reserve(t.seeded.acmeId, room.id, new Date(now - 86_400_000));
    await f.reserve(t.seeded.acmeId, room.id, new Date(now + 3_600_000), true);
    await f.reserve(t.seeded.acmeId, room.id, new Date(now + 3_600_000));
    await f.reserve(t.seeded.acmeId, room.id, new Date(now + 86_400_000));
    const refused = await luca.request('DELETE', `/api/room/${room.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: IT_ROOMS.errors.hasFutureReservations(2) });
    expect((await luca.get(`/api/room/${room.id}`)).statusCode).toBe(200);

    // Once they are cancelled, nothing is to come: the room goes, its past reservation with it.
    await f.cancelReservations(t.seeded.acmeId, room.id);
    expect((await luca.request('DELETE', `/api/room/${room.id}`)).json()).toEqual({ ok: true });
    expect((await luca.get(`/api/room/${room.id}`)).json()).toEqual(notFound);
  });

  it('deletes the room with its opening and exceptions, logged', async () => {
    const room = await f.create(luca, { storeId: acmeStore, name: 'Sala Effimera' });
    expect((await luca.post(`/api/room/${room.id}/opening`, { weekly: [{ weekday: 1, ranges: [{ start: '09:00', end: '12:00' }] }] })).statusCode).toBe(200);
    expect((await luca.post(`/api/room/${room.id}/exceptions`, { date: '2030-12-25', ranges: [] })).statusCode).toBe(200);
    expect((await luca.request('DELETE', `/api/room/${room.id}`)).statusCode).toBe(200);
    const left = await t.db.asOwnerForTenant(t.seeded.acmeId, async (tx) => ({
      schedules: await tx.select().from(slotSchedules).where(eq(slotSchedules.roomId, room.id)),
      exceptions: await tx.select().from(roomOpeningExceptions).where(eq(roomOpeningExceptions.roomId, room.id)),
    }));
    expect(left).toEqual({ schedules: [], exceptions: [] });
    expect((await f.activity(t.seeded.acmeId, room.id)).at(-1)).toMatchObject({
      action: 'delete',
      summary: 'Eliminata la stanza «Sala Effimera» di «Acme Torino»',
    });
  });

  it('is 403 to an operator and 404 for another company’s room: nothing is deleted', async () => {
    const logged = await f.activityCount(t.seeded.acmeId);
    expect((await marco.request('DELETE', `/api/room/${t.seeded.room('Sala Roma')}`)).json()).toEqual(forbidden);
    expect((await anna.request('DELETE', `/api/room/${t.seeded.room('Sala Acme')}`)).json()).toEqual(notFound);
    expect((await luca.get(`/api/room/${t.seeded.room('Sala Acme')}`)).statusCode).toBe(200);
    expect(await f.roomCount(t.seeded.demoId)).toBe(3);
    expect(await f.activityCount(t.seeded.acmeId)).toBe(logged);
  });
});

describe('the plan’s limit of rooms', () => {
  const remove = async (room: { id: string }) => expect((await anna.request('DELETE', `/api/room/${room.id}`)).statusCode).toBe(200);

  it('leaves room to grow in Demo’s seeded trial: a new admin creates a room out of the box', async () => {
    const subscription = subscriptionSchema.parse((await anna.get('/api/subscription')).json());
    expect({ used: subscription.usage.rooms, limit: subscription.plan.rooms }).toEqual({ used: 3, limit: 5 });
    await remove(await f.create(anna, { storeId: milano, name: 'Sala Prova' }));
    expect(await f.roomCount(t.seeded.demoId)).toBe(3);
  });

  it('refuses a sixth room to Demo’s trial (5 rooms) with the reason', async () => {
    const added = [await f.create(anna, { storeId: milano, name: 'Sala Quarta' }), await f.create(anna, { storeId: roma, name: 'Sala Quinta' })];
    const response = await anna.post('/api/room', { storeId: milano, name: 'Sala Sesta' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: IT_MANAGEMENT.planLimit.rooms });
    expect(await f.roomCount(t.seeded.demoId)).toBe(5);
    for (const room of added) await remove(room);
  });

  it('gives exactly one of 20 parallel creates at the limit minus one', async () => {
    await f.create(anna, { storeId: milano, name: 'Sala Quarta' });
    const responses = await Promise.all(Array.from({ length: 20 }, (_, index) => anna.post('/api/room', { storeId: roma, name: `Sala Parallela ${index}` })));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, ...Array<number>(19).fill(422)]);
    expect(await f.roomCount(t.seeded.demoId)).toBe(5);
  });
});
