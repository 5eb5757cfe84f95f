import { managedStoreSchema } from '@incontra/contracts/api/store-management';
import { posPaymentSchema } from '@incontra/contracts/api/pos';
import { IT_POS } from '@incontra/contracts/messages/it-pos';
import { IT_STORES } from '@incontra/contracts/messages/it-stores';
import { startPosApp, type PosTestApp } from './helpers/pos-fixtures';
import { START_TIMEOUT_MS } from './helpers/test-app';
import type { TestClient } from './helpers/test-client';

/*
 * A store's payment requests and its deletion: a request a customer may still be paying keeps the
 * store (409, as a future appointment does); once none is open the store goes, and its requests
 * stay, the company's record of what was asked and paid there, under the store's name as it was.
 */

let t: PosTestApp;
beforeAll(async () => {
  t = await startPosApp();
}, START_TIMEOUT_MS);
afterAll(() => t.close());

const demoId = () => t.seeded.demoId;

async function newStore(admin: TestClient, name: string): Promise<string> {
  const response = await admin.post('/api/store', { name });
  expect(response.statusCode).toBe(201);
  return managedStoreSchema.parse(response.json()).id;
}

const deleteStore = (admin: TestClient, storeId: string) => admin.request('DELETE', `/api/store/${storeId}`);

describe('deleting a store with payment requests', () => {
  it('is refused while a request is open; once none is, the store goes and its requests stay under its name', async () => {
    const admin = await t.staff('admin');
    const torino = await newStore(admin, 'Torino Porta Nuova');
    const paid = await t.created(admin, { storeId: torino, description: 'Revisione Torino', amount: 4200 });
    const open = await t.created(admin, { storeId: torino, description: 'In attesa Torino', amount: 1000 });

    const refused = await deleteStore(admin, torino);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(IT_STORES.errors.storeHasOpenPayments(2));
    await t.payNow(paid);
    expect((await deleteStore(admin, torino)).json().message).toBe(IT_STORES.errors.storeHasOpenPayments(1));
    expect((await t.getWithCsrf(admin, `/api/pos/payment/${open.id}/cancel`)).statusCode).toBe(200);
    expect((await admin.get(`/api/store/${torino}`)).statusCode).toBe(200);

    expect((await deleteStore(admin, torino)).statusCode).toBe(200);
    expect((await admin.get(`/api/store/${torino}`)).statusCode).toBe(404);
    const kept = await t.list(admin, 'q=torino');
    // Both made at the suite's one instant: in either order.
    expect(kept.items.map(({ id, storeId, storeName, status }) => ({ id, storeId, storeName, status }))).toEqual(
      expect.arrayContaining([
        { id: open.id, storeId: null, storeName: 'Torino Porta Nuova', status: 'cancelled' },
        { id: paid.id, storeId: null, storeName: 'Torino Porta Nuova', status: 'paid' },
      ]),
    );
    expect(kept.total).toBe(2);
    expect(kept.dailyTotals).toEqual([expect.objectContaining({ storeId: null, storeName: 'Torino Porta Nuova', count: 1, amount: 4200 })]);
    const detail = await admin.get(`/api/pos/payment/${paid.id}`);
    expect(posPaymentSchema.parse(detail.json())).toMatchObject({ storeId: null, storeName: 'Torino Porta Nuova', status: 'paid' });
    expect((await admin.get('/api/pos/payment?format=csv&q=torino')).body).toContain('Torino Porta Nuova');
    // The customer's receipt page still answers.
    expect((await t.customer().get(`/api/pos/request?token=${t.tokenOf(paid)}`)).json()).toMatchObject({ storeName: 'Torino Porta Nuova', status: 'paid' });

    // An operator who serves named stores does not see a deleted store's; one serving every store does.
    expect((await t.list(await t.staff('operatore'), 'q=torino')).total).toBe(2);
    await t.serveOnly(demoId(), 'operatore', [t.milano]);
    try {
      const operator = await t.staff('operatore');
      expect((await t.list(operator, 'q=torino')).total).toBe(0);
      expect((await operator.get(`/api/pos/payment/${paid.id}`)).statusCode).toBe(404);
    } finally {
      await t.serveOnly(demoId(), 'operatore', []);
    }
  });

  it('a request made while the store is deleted: either the store stays (409) or the request is refused (400), never both gone', async () => {
    const admin = await t.staff('admin');
    for (let round = 0; round < 5; round += 1) {
      const storeId = await newStore(admin, `Corsa ${round}`);
      const [created, deleted] = await Promise.all([t.create(admin, { storeId, description: `Corsa ${round}` }), deleteStore(admin, storeId)]);
      const outcome = [created.statusCode, deleted.statusCode];
      expect([
        [200, 409],
        [400, 200],
      ]).toContainEqual(outcome);
      if (created.statusCode === 400) {
        expect(created.json()).toMatchObject({ field: 'storeId', message: IT_POS.storeInvalid });
      } else {
        expect(deleted.json().message).toBe(IT_STORES.errors.storeHasOpenPayments(1));
        expect((await t.posRow(demoId(), posPaymentSchema.parse(created.json()).id)).storeId).toBe(storeId);
      }
    }
  });
});
