import { publicCompanySchema } from '@incontra/contracts/api/company';
import { companyConfigSchema, roomTranslationsSchema, storeConfigSchema } from '@incontra/contracts/api/stores';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import { TestClient } from './helpers/test-client';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, START_TIMEOUT_MS);
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { host: 'demo.localhost:3000', ...headers } });

async function configOf(host: string) {
  return companyConfigSchema.parse((await get('/api/config/company', { 'x-origin': `http://${host}:3000/` })).json());
}

describe('GET /api/company/{host}', () => {
  it('answers the public company of a host, port or not', async () => {
    const response = await get('/api/company/demo.localhost');
    expect(response.statusCode).toBe(200);
    const company = publicCompanySchema.parse(response.json());
    expect(company).toMatchObject({
      name: 'Demo',
      slug: 'demo',
      primaryColor: '#f5a623',
      theme: 'easy',
      settings: { welcomeTitle: 'Ti diamo il benvenuto da Demo' },
    });
    expect((await get('/api/company/localhost')).json()).toMatchObject({ slug: 'demo' });
    expect((await get('/api/company/ACME.localhost:3000')).json()).toMatchObject({ slug: 'acme', theme: 'modern', primaryColor: '#1c7ed6' });
  });

  it('answers 404 Company not found for an unknown host', async () => {
    const response = await get('/api/company/nessuno.localhost');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Company not found' });
  });
});

describe('GET /api/config/company', () => {
  it('reads the company from x-origin, as a URL or as a host, with its stores', async () => {
    const demo = await configOf('demo.localhost');
    expect(demo.name).toBe('Demo');
    expect(demo.stores.map((store) => store.name)).toEqual(['Milano Centro', 'Roma Termini']);
    const acme = companyConfigSchema.parse((await get('/api/config/company', { 'x-origin': 'acme.localhost' })).json());
    expect(acme.stores.map((store) => store.name)).toEqual(['Acme Torino']);
  });

  it('falls back to the Host header without x-origin, and 404s an unknown origin', async () => {
    expect((await get('/api/config/company')).json()).toMatchObject({ name: 'Demo' });
    const unknown = await get('/api/config/company', { 'x-origin': 'https://nessuno.example' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Company not found');
  });
});

describe('GET /api/config/store/{storeId} and room translations', () => {
  it('answers a store with its rooms, and a room its translations', async () => {
    const [milano] = (await configOf('demo.localhost')).stores;
    const store = storeConfigSchema.parse((await get(`/api/config/store/${milano!.id}`, { 'x-origin': 'http://demo.localhost:3000' })).json());
    expect(store.name).toBe('Milano Centro');
    expect(store.rooms.map((room) => room.name)).toEqual(['Sala Assistenza', 'Sala Consulenza']);
    const consulenza = store.rooms[1]!;
    expect(consulenza).toMatchObject({ reservationSlots: 1, slotDuration: 30, maxParticipants: 4, storeId: milano!.id });

    const translations = await get(`/api/room/${consulenza.id}/translations`);
    expect(translations.statusCode).toBe(200);
    const list = roomTranslationsSchema.parse(translations.json());
    expect(list).toContainEqual({ key: 'title', label: 'Consulenza personalizzata', language: 'it' });
  });

  it("answers 404 for another company's store and room, as for unknown or malformed ids", async () => {
    const [acmeStore] = (await configOf('acme.localhost')).stores;
    const acmeRooms = storeConfigSchema.parse((await get(`/api/config/store/${acmeStore!.id}`, { 'x-origin': 'acme.localhost' })).json()).rooms;

    const demoStaff = new TestClient(t.app);
    expect((await demoStaff.login()).statusCode).toBe(200);
    expect((await demoStaff.get(`/api/config/store/${acmeStore!.id}`)).statusCode).toBe(404);
    expect((await demoStaff.get(`/api/room/${acmeRooms[0]!.id}/translations`)).statusCode).toBe(404);

    for (const url of [
      `/api/config/store/${acmeStore!.id}`,
      '/api/config/store/00000000-0000-4000-8000-000000000000',
      '/api/config/store/not-a-uuid',
      `/api/room/${acmeRooms[0]!.id}/translations`,
      '/api/room/not-a-uuid/translations',
    ]) {
      const response = await get(url);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
      expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    }
  });
});

describe('unknown API paths', () => {
  it('answer 404 JSON', async () => {
    const response = await get('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('include the development outbox view unless OUTBOX_VIEW=true', async () => {
    expect((await get('/api/dev/outbox')).statusCode).toBe(404);
    expect((await get('/api/dev/sms-outbox')).statusCode).toBe(404);
  });
});
