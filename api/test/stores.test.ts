import { and, eq } from 'drizzle-orm';
import { companyConfigSchema } from '@incontra/contracts/api/stores';
import { managedStoreSchema, managedStoresSchema, type ManagedStore } from '@incontra/contracts/api/store-management';
import { IT } from '@incontra/contracts/messages/it';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { IT_STORES } from '@incontra/contracts/messages/it-stores';
import { activityLog, reservations, rooms, stores, topics, userStores, users } from '../src/db/schema';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import { TestClient } from './helpers/test-client';

/*
 * The back office's stores: the admin's list and writes, the operator's read-only view of the
 * stores they serve, tenancy (another company's store is not found), the delete refused while
 * visitors still hold a reservation, and a new store reaching the visitors' configuration at once.
 */

let t: TestApp;
let admin: TestClient;
let operator: TestClient;
let acmeAdmin: TestClient;
let demoId: string;
let acmeId: string;

async function signedIn(host: string, username = 'admin') {
  const browser = new TestClient(t.app, host);
  expect((await browser.login(username)).statusCode).toBe(200);
  return browser;
}

async function storeNamed(browser: TestClient, name: string): Promise<ManagedStore> {
  const list = managedStoresSchema.parse((await browser.get('/api/stores')).json());
  const store = list.find((row) => row.name === name);
  if (!store) throw new Error(`no store ${name}`);
  return store;
}

function storeRows(companyId: string) {
  return t.db.asOwnerForTenant(companyId, (tx) => tx.select().from(stores).where(eq(stores.companyId, companyId)));
}

function activityOf(companyId: string, entityId: string) {
  return t.db.asOwnerForTenant(companyId, (tx) =>
    tx
      .select({ action: activityLog.action, entityType: activityLog.entityType, summary: activityLog.summary, userName: activityLog.userName })
      .from(activityLog)
      .where(and(eq(activityLog.companyId, companyId), eq(activityLog.entityId, entityId))),
  );
}

let places = 0;

/** An appointment in the store's first room, on a place of its own (only the store's rules are tested here). */
async function addReservation(storeId: string, startsInMs: number, status: 'booked' | 'cancelled' | 'completed' = 'booked') {
  const cancelled = status === 'cancelled';
  const now = t.clock.now().getTime();
  await t.db.asOwnerForTenant(demoId, async (tx) => {
    const [room] = await tx.select({ id: rooms.id }).from(rooms).where(eq(rooms.storeId, storeId));
    await tx.insert(reservations).values({
      companyId: demoId,
      storeId,
      roomId: room!.id,
      customerName: 'Cliente',
      startsAt: new Date(now + startsInMs),
      endsAt: new Date(now + startsInMs + 30 * 60_000),
      seat: (places += 1),
      status,
      cancelledAt: cancelled ? new Date(now) : null,
    });
  });
}

beforeAll(async () => {
  t = await startTestApp({ rateLimits: { notFoundPerMinute: 100_000 } });
  admin = await signedIn('demo.localhost');
  operator = await signedIn('demo.localhost', 'operatore');
  acmeAdmin = await signedIn('acme.localhost');
  demoId = (await admin.get('/api/me')).json().companyId as string;
  acmeId = (await acmeAdmin.get('/api/me')).json().companyId as string;
}, START_TIMEOUT_MS);
afterAll(() => t.close());

describe('GET /api/stores', () => {
  it("lists the admin's stores by name, with their counts and phone setting", async () => {
    const response = await admin.get('/api/stores');
    expect(response.statusCode).toBe(200);
    const list = managedStoresSchema.parse(response.json());
    expect(list.map(({ id: _id, ...store }) => store)).toEqual([
      {
        name: 'Milano Centro',
        address: 'Via Dante 12, 20121 Milano',
        wall: 'Il negozio nel cuore di Milano.',
        requirePhoneVerification: null,
        roomCount: 2,
        topicCount: 2,
      },
      { name: 'Roma Termini', address: 'Via Marsala 29, 00185 Roma', wall: null, requirePhoneVerification: true, roomCount: 1, topicCount: 2 },
    ]);
  });

  it('answers the same list at /api/company/{id}/stores for the own company only', async () => {
    const own = await admin.get(`/api/company/${demoId}/stores`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual((await admin.get('/api/stores')).json());
    for (const id of [acmeId, 'not-an-id']) {
      const other = await admin.get(`/api/company/${id}/stores`);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toMatchObject({ message: IT.errors.notFound });
    }
  });

  it('shows an operator only the stores they serve (all of them without user_stores rows)', async () => {
    expect(managedStoresSchema.parse((await operator.get('/api/stores')).json()).map((store) => store.name)).toEqual(['Milano Centro', 'Roma Termini']);
    const roma = await storeNamed(admin, 'Roma Termini');
    const milano = await storeNamed(admin, 'Milano Centro');
    const [operatorRow] = await t.db.asOwnerForTenant(demoId, (tx) =>
      tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.companyId, demoId), eq(users.username, 'operatore'))),
    );
    await t.db.asOwnerForTenant(demoId, (tx) => tx.insert(userStores).values({ companyId: demoId, userId: operatorRow!.id, storeId: roma.id }));
    try {
      expect(managedStoresSchema.parse((await operator.get('/api/stores')).json()).map((store) => store.name)).toEqual(['Roma Termini']);
      expect(managedStoresSchema.parse((await operator.get(`/api/company/${demoId}/stores`)).json()).map((store) => store.name)).toEqual(['Roma Termini']);
      expect((await operator.get(`/api/store/${roma.id}`)).json()).toEqual(roma);
      expect((await operator.get(`/api/store/${milano.id}`)).statusCode).toBe(404);
      // The admin is not limited by rows of their own either.
      expect(managedStoresSchema.parse((await admin.get('/api/stores')).json())).toHaveLength(2);
    } finally {
      await t.db.asOwnerForTenant(demoId, (tx) => tx.delete(userStores).where(eq(userStores.userId, operatorRow!.id)));
    }
  });
});

describe('GET /api/store/{id}', () => {
  it("answers a store of the company, 404 for another company's or a malformed id", async () => {
    const milano = await storeNamed(admin, 'Milano Centro');
    expect((await admin.get(`/api/store/${milano.id}`)).json()).toEqual(milano);
    const acmeStore = await storeNamed(acmeAdmin, 'Acme Torino');
    expect((await admin.get(`/api/store/${acmeStore.id}`)).statusCode).toBe(404);
    expect((await admin.get('/api/store/123')).statusCode).toBe(404);
  });
});

describe('POST /api/store', () => {
  it('creates a store (trimmed, empty address as none), logs it and shows it to visitors at once', async () => {
    const before = companyConfigSchema.parse((await new TestClient(t.app, 'demo.localhost').get('/api/config/company')).json());
    expect(before.stores.map((store) => store.name)).not.toContain('Napoli Centrale');

    const response = await admin.post('/api/store', { name: '  Napoli Centrale ', address: '  ', requirePhoneVerification: false });
    expect(response.statusCode).toBe(201);
    const created = managedStoreSchema.parse(response.json());
    expect(created).toMatchObject({ name: 'Napoli Centrale', address: null, wall: null, requirePhoneVerification: false, roomCount: 0, topicCount: 0 });

    const visitor = companyConfigSchema.parse((await new TestClient(t.app, 'demo.localhost').get('/api/config/company')).json());
    expect(visitor.stores).toContainEqual({ id: created.id, name: 'Napoli Centrale', address: null, wall: null });
    expect(await activityOf(demoId, created.id)).toEqual([
      { action: 'create', entityType: 'store', summary: IT_STORES.activity.storeCreated('Napoli Centrale'), userName: 'Anna Rossi' },
    ]);
    // Address and phone setting may be left out: no address, the company's setting.
    const minimal = managedStoreSchema.parse((await admin.post('/api/store', { name: 'Bari' })).json());
    expect(minimal).toMatchObject({ address: null, requirePhoneVerification: null });
  });

  it.each([
    ['no name', {}, 'name', IT_STORES.validation.nameRequired],
    ['a blank name', { name: '   ' }, 'name', IT_STORES.validation.nameRequired],
    ['a name of 101 characters', { name: 'x'.repeat(101) }, 'name', IT_STORES.validation.nameRequired],
    ['a number for name', { name: 42 }, 'name', IT_STORES.validation.nameRequired],
    ['an address of 201 characters', { name: 'Ok', address: 'x'.repeat(201) }, 'address', IT_STORES.validation.addressInvalid],
    ['a number for address', { name: 'Ok', address: 7 }, 'address', IT_STORES.validation.addressInvalid],
    ['a word for the phone setting', { name: 'Ok', requirePhoneVerification: 'sì' }, 'requirePhoneVerification', IT_STORES.validation.phoneVerificationInvalid],
  ])('refuses %s with 400 naming the field, and creates nothing', async (_case, body, field, message) => {
    const count = (await storeRows(demoId)).length;
    const response = await admin.post('/api/store', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message, field });
    expect(await storeRows(demoId)).toHaveLength(count);
  });

  it('refuses a name the company already uses, whatever its case (409 naming name); another company may use it', async () => {
    const count = (await storeRows(demoId)).length;
    const response = await admin.post('/api/store', { name: 'milano CENTRO' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ statusCode: 409, error: 'Conflict', message: IT_STORES.errors.storeNameTaken, field: 'name' });
    expect(await storeRows(demoId)).toHaveLength(count);
    expect((await acmeAdmin.post('/api/store', { name: 'Milano Centro' })).statusCode).toBe(201);
  });

  it('lets exactly one of parallel creates of the same name (in different cases) through', async () => {
    const names = ['Parallelo', 'parallelo', 'PARALLELO', 'Parallelo', 'pArAllelo'];
    const answers = await Promise.all(names.map((name) => admin.post('/api/store', { name })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect((await storeRows(demoId)).filter((row) => row.name.toLowerCase() === 'parallelo')).toHaveLength(1);
  });

  it("refuses an operator's writes with 403 and changes nothing", async () => {
    const milano = await storeNamed(admin, 'Milano Centro');
    const count = (await storeRows(demoId)).length;
    const calls = [
      await operator.post('/api/store', { name: 'Da operatore' }),
      await operator.post(`/api/store/${milano.id}`, { name: 'Rinominato' }),
      await operator.request('DELETE', `/api/store/${milano.id}`),
    ];
    for (const response of calls) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message: IT_MANAGEMENT.forbidden });
    }
    expect(await storeRows(demoId)).toHaveLength(count);
    expect(await storeNamed(admin, 'Milano Centro')).toEqual(milano);
  });
});

describe('POST /api/store/{id}', () => {
  it('changes only the fields given, logs it, and accepts its own name in another case', async () => {
    const created = managedStoreSchema.parse(
      (await admin.post('/api/store', { name: 'Firenze', address: 'Via Roma 1', requirePhoneVerification: true })).json(),
    );
    const renamed = await admin.post(`/api/store/${created.id}`, { name: 'FIRENZE' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ ...created, name: 'FIRENZE' });
    const changed = managedStoreSchema.parse((await admin.post(`/api/store/${created.id}`, { address: null, requirePhoneVerification: null })).json());
    expect(changed).toEqual({ ...created, name: 'FIRENZE', address: null, requirePhoneVerification: null });
    // An empty change answers the store as it is, and is not logged.
    const unchanged = await admin.post(`/api/store/${created.id}`, {});
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json()).toEqual(changed);
    expect((await activityOf(demoId, created.id)).map((line) => line.summary)).toEqual([
      IT_STORES.activity.storeCreated('Firenze'),
      IT_STORES.activity.storeUpdated('FIRENZE'),
      IT_STORES.activity.storeUpdated('FIRENZE'),
    ]);
  });

  it('refuses bad fields (400), a taken name (409) and unknown ids (404), changing nothing', async () => {
    const milano = await storeNamed(admin, 'Milano Centro');
    const bad = await admin.post(`/api/store/${milano.id}`, { name: '' });
    expect(bad.json()).toMatchObject({ statusCode: 400, field: 'name' });
    expect((await admin.post(`/api/store/${milano.id}`, { requirePhoneVerification: 1 })).json()).toMatchObject({
      statusCode: 400,
      field: 'requirePhoneVerification',
    });
    const taken = await admin.post(`/api/store/${milano.id}`, { name: 'roma termini' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ field: 'name', message: IT_STORES.errors.storeNameTaken });
    const acmeStore = await storeNamed(acmeAdmin, 'Acme Torino');
    expect((await admin.post(`/api/store/${acmeStore.id}`, { name: 'Presa' })).statusCode).toBe(404);
    expect((await admin.post('/api/store/nope', { name: 'Presa' })).statusCode).toBe(404);
    expect(await storeNamed(admin, 'Milano Centro')).toEqual(milano);
    expect(await storeNamed(acmeAdmin, 'Acme Torino')).toEqual(acmeStore);
  });
});

describe('DELETE /api/store/{id}', () => {
  it('is refused (409, with the reason) while a reservation is still to come, and nothing goes', async () => {
    const store = managedStoreSchema.parse((await admin.post('/api/store', { name: 'Con prenotazioni' })).json());
    await t.db.asOwnerForTenant(demoId, (tx) => tx.insert(rooms).values({ companyId: demoId, storeId: store.id, name: 'Sala' }));
    await addReservation(store.id, 86_400_000);
    // A cancelled future one does not count, nor one whose customer already came in (joined early).
    await addReservation(store.id, 2 * 86_400_000, 'cancelled');
    await addReservation(store.id, 10 * 60_000, 'completed');
    const refused = await admin.request('DELETE', `/api/store/${store.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ statusCode: 409, error: 'Conflict', message: IT_STORES.errors.storeHasFutureReservations(1) });
    expect((await admin.get(`/api/store/${store.id}`)).json()).toMatchObject({ roomCount: 1 });

    // Once the reservation is cancelled, the store may go.
    await t.db.asOwnerForTenant(demoId, (tx) =>
      tx.update(reservations).set({ status: 'cancelled', cancelledAt: t.clock.now() }).where(eq(reservations.storeId, store.id)),
    );
    expect((await admin.request('DELETE', `/api/store/${store.id}`)).statusCode).toBe(200);
  });

  it('deletes a store with only past reservations, and its rooms and topics with it; logs it', async () => {
    const store = managedStoreSchema.parse((await admin.post('/api/store', { name: 'Da chiudere' })).json());
    await t.db.asOwnerForTenant(demoId, async (tx) => {
      await tx.insert(rooms).values({ companyId: demoId, storeId: store.id, name: 'Sala' });
      await tx.insert(topics).values({ companyId: demoId, storeId: store.id, name: 'Argomento' });
    });
    await addReservation(store.id, -86_400_000);
    const response = await admin.request('DELETE', `/api/store/${store.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect((await admin.get(`/api/store/${store.id}`)).statusCode).toBe(404);
    const left = await t.db.asOwnerForTenant(demoId, async (tx) => ({
      rooms: await tx.select().from(rooms).where(eq(rooms.storeId, store.id)),
      topics: await tx.select().from(topics).where(eq(topics.storeId, store.id)),
      reservations: await tx.select().from(reservations).where(eq(reservations.storeId, store.id)),
    }));
    expect(left).toEqual({ rooms: [], topics: [], reservations: [] });
    expect((await activityOf(demoId, store.id)).map((line) => line.action)).toEqual(['create', 'delete']);
    expect(companyConfigSchema.parse((await new TestClient(t.app, 'demo.localhost').get('/api/config/company')).json()).stores.map((s) => s.id)).not.toContain(
      store.id,
    );
  });

  it("answers 404 for another company's store, and a malformed id", async () => {
    const acmeStore = await storeNamed(acmeAdmin, 'Acme Torino');
    expect((await admin.request('DELETE', `/api/store/${acmeStore.id}`)).statusCode).toBe(404);
    expect((await admin.request('DELETE', '/api/store/x')).statusCode).toBe(404);
    expect(await storeNamed(acmeAdmin, 'Acme Torino')).toEqual(acmeStore);
  });
});
