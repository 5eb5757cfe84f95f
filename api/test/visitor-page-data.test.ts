import { eq } from 'drizzle-orm';
import { inlinedPublicConfigSchema } from '@incontra/contracts/initial-data';
import { COMPANY_CACHE_TTL_MS } from '../src/cache/company-cache';
import { stores } from '../src/db/schema';
import { startLobbyApp, type LobbyTestApp } from './helpers/lobby-fixtures';
import { START_TIMEOUT_MS } from './helpers/test-app';
import { TestClient } from './helpers/test-client';

/*
 * A visitor page comes with what its first screen reads (the company's stores, the page's store
 * with its rooms, the first room's texts): the same answers as the public calls, so that the page
 * renders without three round trips one after the other. Staff pages carry none.
 */

let t: LobbyTestApp;
let visitor: TestClient;
beforeAll(async () => {
  t = await startLobbyApp();
  visitor = new TestClient(t.app, 'demo.localhost');
}, START_TIMEOUT_MS);
afterAll(() => t.close());

async function pageData(url: string, host = 'demo.localhost') {
  const response = await t.app.inject({ method: 'GET', url, headers: { host } });
  expect(response.statusCode).toBe(200);
  const json = /<script type="application\/json" id="incontra-initial-data">(.*?)<\/script>/s.exec(response.body)?.[1];
  const data = JSON.parse(json ?? 'null') as { publicConfig?: unknown };
  return data.publicConfig === undefined ? undefined : inlinedPublicConfigSchema.parse(data.publicConfig);
}

const publicRead = async (path: string) => {
  const response = await visitor.get(path);
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe("a visitor page's inlined public config", () => {
  it('holds the answers of the three public calls, for the first store without ?store=', async () => {
    const inlined = await pageData('/partecipa');
    const companyConfig = await publicRead('/api/config/company');
    const firstStore = companyConfig.stores[0].id as string;
    const store = await publicRead(`/api/config/store/${firstStore}`);
    expect(store.rooms.length).toBeGreaterThan(0);
    const translations = await publicRead(`/api/room/${store.rooms[0].id}/translations`);
    expect(inlined).toEqual({ companyConfig, store, translations });
  });

  it('holds the store ?store= names, and no store when it names none of the company’s stores', async () => {
    const roma = t.seeded.store('Roma Termini');
    expect((await pageData(`/?store=${roma}`))?.store).toEqual(await publicRead(`/api/config/store/${roma}`));
    for (const other of [t.seeded.store('Acme Torino'), '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect(await pageData(`/prenota?store=${encodeURIComponent(other)}`)).toMatchObject({ store: null, translations: [] });
    }
  });

  it("is another company's own on its host", async () => {
    const inlined = await pageData('/', 'acme.localhost');
    expect(inlined?.companyConfig.name).toBe('Acme');
    expect(inlined?.store?.id).toBe(t.seeded.store('Acme Torino'));
  });

  it('is left out of staff pages', async () => {
    for (const path of ['/admin', '/admin/login', '/room/verifica']) expect({ path, inlined: await pageData(path) }).toEqual({ path, inlined: undefined });
  });

  it("shows a staff member's change on the next page at once", async () => {
    const anna = await t.staff('admin');
    const before = await pageData('/partecipa');
    const roomId = before!.store!.rooms[0]!.id;
    expect((await anna.post(`/api/room/${roomId}/translations/it`, { key: 'askName', label: 'Come ti chiami?' })).statusCode).toBe(200);
    expect((await pageData('/partecipa'))?.translations).toContainEqual({ key: 'askName', label: 'Come ti chiami?', language: 'it' });
  });

  it('is read once per company and kept: a change made behind the app’s back shows once the cache’s bound has passed', async () => {
    const first = await pageData('/');
    const storeId = first!.store!.id;
    // Unmarked (withTenant, not a service): nothing tells the cache.
    await t.db.withTenant(t.seeded.demoId, (tx) => tx.update(stores).set({ address: 'Via Nuova 1' }).where(eq(stores.id, storeId)));
    expect((await pageData('/'))?.store?.address).toBe(first!.store!.address);
    t.clock.advance(COMPANY_CACHE_TTL_MS);
    expect((await pageData('/'))?.store?.address).toBe('Via Nuova 1');
  });
});
