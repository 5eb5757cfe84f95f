import { and, eq } from 'drizzle-orm';
import { managedStoresSchema, managedTopicSchema, managedTopicsSchema, type ManagedTopic } from '@incontra/contracts/api/store-management';
import { storeConfigSchema } from '@incontra/contracts/api/stores';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { IT_STORES } from '@incontra/contracts/messages/it-stores';
import { activityLog, topicRooms, topics, userStores, users } from '../src/db/schema';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import { TestClient } from './helpers/test-client';

/*
 * A store's topics: listed with the rooms serving them (none: every room), names unique per store
 * whatever their case, rooms only of the same store, another company's ids not found, operators
 * reading the stores they serve and writing nothing.
 */

let t: TestApp;
let admin: TestClient;
let operator: TestClient;
let acmeAdmin: TestClient;
let demoId: string;
/** Demo's stores and rooms by name, Acme's one store and room. */
const ids = { milano: '', roma: '', consulenza: '', assistenza: '', salaRoma: '', acmeStore: '', acmeRoom: '', acmeTopic: '' };

async function signedIn(host: string, username = 'admin') {
  const browser = new TestClient(t.app, host);
  expect((await browser.login(username)).statusCode).toBe(200);
  return browser;
}

async function storeWithRooms(browser: TestClient, name: string) {
  const store = managedStoresSchema.parse((await browser.get('/api/stores')).json()).find((row) => row.name === name)!;
  const config = storeConfigSchema.parse((await browser.get(`/api/config/store/${store.id}`)).json());
  return { id: store.id, rooms: Object.fromEntries(config.rooms.map((room) => [room.name, room.id])) };
}

async function topicsOf(storeId: string): Promise<ManagedTopic[]> {
  const response = await admin.get(`/api/store/${storeId}/topics`);
  expect(response.statusCode).toBe(200);
  return managedTopicsSchema.parse(response.json());
}

function topicRows(companyId: string) {
  return t.db.asOwnerForTenant(companyId, async (tx) => ({
    topics: await tx.select().from(topics).where(eq(topics.companyId, companyId)),
    rooms: await tx.select().from(topicRooms).where(eq(topicRooms.companyId, companyId)),
  }));
}

beforeAll(async () => {
  t = await startTestApp({ rateLimits: { notFoundPerMinute: 100_000 } });
  admin = await signedIn('demo.localhost');
  operator = await signedIn('demo.localhost', 'operatore');
  acmeAdmin = await signedIn('acme.localhost');
  demoId = (await admin.get('/api/me')).json().companyId as string;
  const milano = await storeWithRooms(admin, 'Milano Centro');
  const roma = await storeWithRooms(admin, 'Roma Termini');
  const acme = await storeWithRooms(acmeAdmin, 'Acme Torino');
  Object.assign(ids, {
    milano: milano.id,
    roma: roma.id,
    consulenza: milano.rooms['Sala Consulenza'],
    assistenza: milano.rooms['Sala Assistenza'],
    salaRoma: roma.rooms['Sala Roma'],
    acmeStore: acme.id,
    acmeRoom: acme.rooms['Sala Acme'],
  });
  ids.acmeTopic = managedTopicsSchema.parse((await acmeAdmin.get(`/api/store/${acme.id}/topics`)).json())[0]!.id;
}, START_TIMEOUT_MS);
afterAll(() => t.close());

describe('GET /api/store/{id}/topics', () => {
  it('lists the store’s topics by name, served by every room until rooms are chosen', async () => {
    expect(await topicsOf(ids.milano)).toEqual([
      { id: expect.any(String), storeId: ids.milano, name: 'Assistenza post-vendita', roomIds: [], price: null },
      { id: expect.any(String), storeId: ids.milano, name: 'Consulenza prodotto', roomIds: [], price: null },
    ]);
  });

  it("answers 404 for another company's store and a malformed id", async () => {
    expect((await admin.get(`/api/store/${ids.acmeStore}/topics`)).statusCode).toBe(404);
    expect((await admin.get('/api/store/milano/topics')).statusCode).toBe(404);
  });

  it('lets an operator read the topics of the stores they serve only', async () => {
    expect((await operator.get(`/api/store/${ids.milano}/topics`)).json()).toEqual(await topicsOf(ids.milano));
    const [operatorRow] = await t.db.asOwnerForTenant(demoId, (tx) =>
      tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.companyId, demoId), eq(users.username, 'operatore'))),
    );
    await t.db.asOwnerForTenant(demoId, (tx) => tx.insert(userStores).values({ companyId: demoId, userId: operatorRow!.id, storeId: ids.roma }));
    try {
      expect((await operator.get(`/api/store/${ids.milano}/topics`)).statusCode).toBe(404);
      expect((await operator.get(`/api/store/${ids.roma}/topics`)).json()).toEqual(await topicsOf(ids.roma));
    } finally {
      await t.db.asOwnerForTenant(demoId, (tx) => tx.delete(userStores).where(eq(userStores.userId, operatorRow!.id)));
    }
  });
});

describe('POST /api/store/{id}/topics', () => {
  it('creates a topic, with rooms of the store or none, and logs it', async () => {
    const plain = await admin.post(`/api/store/${ids.milano}/topics`, { name: ' Resi ' });
    expect(plain.statusCode).toBe(201);
    expect(plain.json()).toEqual({ id: expect.any(String), storeId: ids.milano, name: 'Resi', roomIds: [], price: null });

    // Rooms come back by room name, each once.
    const served = await admin.post(`/api/store/${ids.milano}/topics`, { name: 'Garanzia', roomIds: [ids.consulenza, ids.assistenza, ids.consulenza] });
    expect(served.statusCode).toBe(201);
    const topic = managedTopicSchema.parse(served.json());
    expect(topic.roomIds).toEqual([ids.assistenza, ids.consulenza]);
    expect((await topicsOf(ids.milano)).find((row) => row.id === topic.id)).toEqual(topic);

    const lines = await t.db.asOwnerForTenant(demoId, (tx) =>
      tx
        .select({ action: activityLog.action, entityType: activityLog.entityType, summary: activityLog.summary })
        .from(activityLog)
        .where(eq(activityLog.entityId, topic.id)),
    );
    expect(lines).toEqual([{ action: 'create', entityType: 'topic', summary: IT_STORES.activity.topicCreated('Garanzia', 'Milano Centro') }]);
  });

  it.each([
    ['no name', {}, 'name'],
    ['a blank name', { name: ' ' }, 'name'],
    ['a name of 101 characters', { name: 'x'.repeat(101) }, 'name'],
    ['rooms that are not a list', { name: 'Nuovo', roomIds: 'tutte' }, 'roomIds'],
    ['a room id that is not one', { name: 'Nuovo', roomIds: ['sala'] }, 'roomIds.0'],
  ])('refuses %s with 400 naming the field, and creates nothing', async (_case, body, field) => {
    const before = await topicRows(demoId);
    const response = await admin.post(`/api/store/${ids.milano}/topics`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field });
    expect(await topicRows(demoId)).toEqual(before);
  });

  it('refuses a room of another store or company (400 naming roomIds), and creates nothing', async () => {
    const before = await topicRows(demoId);
    for (const roomId of [ids.salaRoma, ids.acmeRoom]) {
      const response = await admin.post(`/api/store/${ids.milano}/topics`, { name: 'Misto', roomIds: [ids.consulenza, roomId] });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: IT_STORES.validation.roomIdsInvalid, field: 'roomIds' });
    }
    expect(await topicRows(demoId)).toEqual(before);
  });

  it('refuses a name the store already has, whatever its case (409); another store may have it', async () => {
    const taken = await admin.post(`/api/store/${ids.milano}/topics`, { name: 'consulenza PRODOTTO' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ statusCode: 409, error: 'Conflict', message: IT_STORES.errors.topicNameTaken, field: 'name' });
    expect((await admin.post(`/api/store/${ids.roma}/topics`, { name: 'Consulenza prodotto' })).statusCode).toBe(201);
  });

  it('lets exactly one of parallel creates of the same name (in different cases) through', async () => {
    const answers = await Promise.all(['Ordini', 'ordini', 'ORDINI', 'Ordini'].map((name) => admin.post(`/api/store/${ids.roma}/topics`, { name })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect((await topicsOf(ids.roma)).filter((topic) => topic.name.toLowerCase() === 'ordini')).toHaveLength(1);
  });

  it("answers 404 for another company's store and 403 to an operator", async () => {
    const before = await topicRows(demoId);
    expect((await admin.post(`/api/store/${ids.acmeStore}/topics`, { name: 'Intruso' })).statusCode).toBe(404);
    const refused = await operator.post(`/api/store/${ids.milano}/topics`, { name: 'Da operatore' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: IT_MANAGEMENT.forbidden });
    expect(await topicRows(demoId)).toEqual(before);
  });
});

describe('POST /api/topic/{id}', () => {
  async function newTopic(name: string, roomIds?: string[]) {
    return managedTopicSchema.parse((await admin.post(`/api/store/${ids.milano}/topics`, { name, roomIds })).json());
  }

  it('renames, chooses rooms, and back to every room with none; each change logged', async () => {
    const topic = await newTopic('Ritiro');
    const renamed = await admin.post(`/api/topic/${topic.id}`, { name: 'Ritiro in negozio' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ ...topic, name: 'Ritiro in negozio' });
    // Rooms alone keep the name.
    expect((await admin.post(`/api/topic/${topic.id}`, { roomIds: [ids.consulenza] })).json()).toEqual({
      ...topic,
      name: 'Ritiro in negozio',
      roomIds: [ids.consulenza],
    });
    expect((await admin.post(`/api/topic/${topic.id}`, { name: 'RITIRO IN NEGOZIO', roomIds: [] })).json()).toEqual({
      ...topic,
      name: 'RITIRO IN NEGOZIO',
      roomIds: [],
    });
    expect((await topicsOf(ids.milano)).find((row) => row.id === topic.id)).toEqual({ ...topic, name: 'RITIRO IN NEGOZIO', roomIds: [] });
    // An empty change answers the topic as it is, and is not logged.
    expect((await admin.post(`/api/topic/${topic.id}`, {})).json()).toEqual({ ...topic, name: 'RITIRO IN NEGOZIO', roomIds: [] });
    const lines = await t.db.asOwnerForTenant(demoId, (tx) =>
      tx.select({ action: activityLog.action }).from(activityLog).where(eq(activityLog.entityId, topic.id)),
    );
    expect(lines.map((line) => line.action)).toEqual(['create', 'update', 'update', 'update']);
  });

  it('refuses bad bodies (400), a taken name (409), rooms of another store (400) and changes nothing', async () => {
    const topic = await newTopic('Preventivi', [ids.assistenza]);
    const before = await topicRows(demoId);
    expect((await admin.post(`/api/topic/${topic.id}`, { name: '' })).json()).toMatchObject({ statusCode: 400, field: 'name' });
    expect((await admin.post(`/api/topic/${topic.id}`, { roomIds: [42] })).json()).toMatchObject({ statusCode: 400, field: 'roomIds.0' });
    expect((await admin.post(`/api/topic/${topic.id}`, { name: 'assistenza post-vendita' })).json()).toMatchObject({ statusCode: 409, field: 'name' });
    // The rename given with a bad room does not happen either: one transaction.
    const mixed = await admin.post(`/api/topic/${topic.id}`, { name: 'Preventivi rapidi', roomIds: [ids.salaRoma] });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toMatchObject({ field: 'roomIds', message: IT_STORES.validation.roomIdsInvalid });
    expect(await topicRows(demoId)).toEqual(before);
  });

  it("answers 404 for another company's topic or a malformed id, 403 to an operator", async () => {
    const topic = await newTopic('Consegne');
    expect((await admin.post(`/api/topic/${ids.acmeTopic}`, { name: 'Preso' })).statusCode).toBe(404);
    expect((await admin.post('/api/topic/1', { name: 'Preso' })).statusCode).toBe(404);
    expect((await operator.post(`/api/topic/${topic.id}`, { name: 'Da operatore' })).statusCode).toBe(403);
    expect(managedTopicsSchema.parse((await acmeAdmin.get(`/api/store/${ids.acmeStore}/topics`)).json()).map((row) => row.name)).toEqual(['Preventivi']);
    expect((await topicsOf(ids.milano)).find((row) => row.id === topic.id)?.name).toBe('Consegne');
  });
});

describe('DELETE /api/topic/{id}', () => {
  it('deletes the topic and its rooms, logs it; then it is not found', async () => {
    const topic = managedTopicSchema.parse((await admin.post(`/api/store/${ids.milano}/topics`, { name: 'Temporaneo', roomIds: [ids.consulenza] })).json());
    expect((await operator.request('DELETE', `/api/topic/${topic.id}`)).statusCode).toBe(403);
    const response = await admin.request('DELETE', `/api/topic/${topic.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const rows = await topicRows(demoId);
    expect(rows.topics.map((row) => row.id)).not.toContain(topic.id);
    expect(rows.rooms.map((row) => row.topicId)).not.toContain(topic.id);
    const lines = await t.db.asOwnerForTenant(demoId, (tx) =>
      tx.select({ summary: activityLog.summary }).from(activityLog).where(eq(activityLog.entityId, topic.id)),
    );
    expect(lines.map((line) => line.summary)).toContain(IT_STORES.activity.topicDeleted('Temporaneo', 'Milano Centro'));
    expect((await admin.request('DELETE', `/api/topic/${topic.id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another company's topic and leaves it", async () => {
    expect((await admin.request('DELETE', `/api/topic/${ids.acmeTopic}`)).statusCode).toBe(404);
    expect(managedTopicsSchema.parse((await acmeAdmin.get(`/api/store/${ids.acmeStore}/topics`)).json()).map((row) => row.id)).toEqual([ids.acmeTopic]);
  });
});
