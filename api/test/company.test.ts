import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, sql } from 'drizzle-orm';
import { publicCompanySchema } from '@incontra/contracts/api/company';
import { RICH_TEXT_MAX_BYTES, uploadedImageSchema } from '@incontra/contracts/api/company-management';
import { IT } from '@incontra/contracts/messages/it';
import { IT_COMPANY } from '@incontra/contracts/messages/it-company';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { MIGRATIONS_FOLDER } from '../src/db/database';
import { activityLog, companies, stores } from '../src/db/schema';
import { multipartBody } from './helpers/multipart-body';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import { TestClient } from './helpers/test-client';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- see the loader
jest.mock('sanitize-html', () => require('./rich-text-support/load-sanitize-html.cjs').loadSanitizeHtml());

let t: TestApp;
let demoId: string;
let acmeId: string;
beforeAll(async () => {
  // Each test signs in afresh: more sign-ins from the one test address than the per-IP limit allows.
  t = await startTestApp({ rateLimits: { loginPerMinute: 1000 } });
  demoId = (await publicCompany('demo.localhost')).id;
  acmeId = (await publicCompany('acme.localhost')).id;
}, START_TIMEOUT_MS);
afterAll(() => t.close());

async function publicCompany(host: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/company/${host}`, headers: { host } });
  expect(response.statusCode).toBe(200);
  return publicCompanySchema.parse(response.json());
}

async function signedIn(host = 'demo.localhost', username = 'admin') {
  const browser = new TestClient(t.app, host);
  expect((await browser.login(username)).statusCode).toBe(200);
  return browser;
}

async function lastActivity(companyId: string) {
  const [row] = await t.db.asOwnerForTenant(companyId, (tx) =>
    tx.select().from(activityLog).where(eq(activityLog.companyId, companyId)).orderBy(desc(activityLog.createdAt)).limit(1),
  );
  return row;
}

const companyRow = (id: string) => t.db.asOwnerForTenant(id, async (tx) => (await tx.select().from(companies).where(eq(companies.id, id)))[0]!);

describe('GET /api/company/{id}', () => {
  it("answers the host's company by its id, with its time zone", async () => {
    const response = await new TestClient(t.app, 'demo.localhost').get(`/api/company/${demoId}`);
    expect(response.statusCode).toBe(200);
    expect(publicCompanySchema.parse(response.json())).toMatchObject({ id: demoId, name: 'Demo', timeZone: 'Europe/Rome' });
  });

  it("answers 404 for another company's id or an unknown one on this host", async () => {
    const visitor = new TestClient(t.app, 'demo.localhost');
    expect((await visitor.get(`/api/company/${acmeId}`)).statusCode).toBe(404);
    expect((await visitor.get('/api/company/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('POST /api/company/{id}', () => {
  it('changes the data and look, visible at once on the public company, and logs it', async () => {
    const admin = await signedIn('acme.localhost');
    const before = await publicCompany('acme.localhost'); // now cached
    const body = { name: 'Acme Italia', primaryColor: '#1864ab', theme: 'elegant', timeZone: 'America/New_York', welcomeTitle: 'Ciao da Acme' };
    const response = await admin.post(`/api/company/${acmeId}`, body);
    expect(response.statusCode).toBe(200);
    const { welcomeTitle, ...columns } = body;
    expect(response.json()).toMatchObject({ ...columns, settings: { welcomeTitle } });

    const after = await publicCompany('acme.localhost');
    expect(after).toMatchObject({
      name: 'Acme Italia',
      primaryColor: '#1864ab',
      theme: 'elegant',
      timeZone: 'America/New_York',
      settings: { welcomeTitle: 'Ciao da Acme' },
    });
    expect(after.privacyPolicy).toBe(before.privacyPolicy);
    expect(await lastActivity(acmeId)).toMatchObject({ action: 'update', entityType: 'company', entityId: acmeId, summary: IT_COMPANY.activity.data });

    // An empty welcome title returns to the default; fields not given keep their values.
    expect((await admin.post(`/api/company/${acmeId}`, { welcomeTitle: '' })).statusCode).toBe(200);
    expect(await publicCompany('acme.localhost')).toMatchObject({ name: 'Acme Italia', settings: {} });
    expect((await publicCompany('acme.localhost')).settings.welcomeTitle).toBeUndefined();
  });

  it('sets the booking rules in the settings, keeping the welcome title, and refuses one out of range naming it', async () => {
    const admin = await signedIn('acme.localhost');
    expect((await admin.post(`/api/company/${acmeId}`, { welcomeTitle: 'Benvenuti' })).statusCode).toBe(200);
    const rules = { bookingHorizonDays: 30, bookingMinNoticeMinutes: 0, bookingCancelCutoffMinutes: 60 };
    expect((await admin.post(`/api/company/${acmeId}`, rules)).statusCode).toBe(200);
    expect((await publicCompany('acme.localhost')).settings).toEqual({ welcomeTitle: 'Benvenuti', ...rules });
    const before = await companyRow(acmeId);
    const refused = await admin.post(`/api/company/${acmeId}`, { bookingHorizonDays: 10, bookingMinNoticeMinutes: -5 });
    expect(refused.json()).toMatchObject({ statusCode: 400, field: 'bookingMinNoticeMinutes', message: IT_COMPANY.validation.bookingMinNoticeMinutes });
    expect(await companyRow(acmeId)).toEqual(before);
    expect((await admin.post(`/api/company/${acmeId}`, { welcomeTitle: '' })).statusCode).toBe(200);
    expect((await publicCompany('acme.localhost')).settings).toEqual(rules);
  });

  it('changes and logs nothing for an empty body', async () => {
    const admin = await signedIn();
    const before = await lastActivity(demoId);
    const response = await admin.post(`/api/company/${demoId}`, {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: demoId, name: (await companyRow(demoId)).name });
    expect(await lastActivity(demoId)).toEqual(before);
  });

  it('refuses a colour whose button text does not read, in Italian, changing nothing', async () => {
    const admin = await signedIn();
    const before = await companyRow(demoId);
    const response = await admin.post(`/api/company/${demoId}`, { name: 'Nome nuovo', primaryColor: '#2f9e44' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'primaryColor', message: IT_COMPANY.validation.contrast('3,44', '4,50') });
    expect(await companyRow(demoId)).toEqual(before);
    // Light colours get black text, dark ones white: both read.
    expect((await admin.post(`/api/company/${demoId}`, { primaryColor: '#f5a623' })).statusCode).toBe(200);
    expect((await admin.post(`/api/company/${demoId}`, { primaryColor: '#1c7ed6' })).statusCode).toBe(400);
    expect((await admin.post(`/api/company/${demoId}`, { primaryColor: '#1864ab' })).statusCode).toBe(200);
  });

  it.each([
    [{ primaryColor: 'red' }, 'primaryColor', IT_COMPANY.validation.colorFormat],
    [{ primaryColor: '#abc' }, 'primaryColor', IT_COMPANY.validation.colorFormat],
    [{ theme: 'dark' }, 'theme', IT_COMPANY.validation.theme],
    [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone', IT_COMPANY.validation.timeZone],
    [{ timeZone: '' }, 'timeZone', IT_COMPANY.validation.timeZone],
    [{ name: '   ' }, 'name', IT_COMPANY.validation.nameRequired],
    [{ logo: 'javascript:alert(1)' }, 'logo', IT_COMPANY.validation.logo],
    [{ logo: 'https://tracker.example/logo.png' }, 'logo', IT_COMPANY.validation.logo],
  ])('refuses %j with 400 naming %s', async (body, field, message) => {
    const admin = await signedIn();
    const before = await companyRow(demoId);
    const response = await admin.post(`/api/company/${demoId}`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, message });
    expect(await companyRow(demoId)).toEqual(before);
  });

  // A lone surrogate ("\ud800" in JSON: half a character) was stored into the settings' JSON and
  // PostgreSQL refused it: a 500. Refused before the schema now, on every route's body.
  it.each([
    [{ welcomeTitle: 'Benvenuti \ud83d' }, 'welcomeTitle'],
    [{ welcomeTitle: '\ude00' }, 'welcomeTitle'],
    [{ name: 'Demo \udfff', welcomeTitle: 'Ciao' }, 'name'],
  ])('refuses a lone surrogate in %j with 400 naming %s, storing and logging nothing', async (body, field) => {
    const admin = await signedIn();
    const before = await companyRow(demoId);
    const logged = await lastActivity(demoId);
    const response = await admin.post(`/api/company/${demoId}`, body);
    expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: IT.errors.forbiddenCharacter, field });
    expect(await companyRow(demoId)).toEqual(before);
    expect(await lastActivity(demoId)).toEqual(logged);
    expect(t.reporter.captured).toHaveLength(0);
  });

  it('keeps a whole character written as a surrogate pair', async () => {
    const admin = await signedIn('acme.localhost');
    expect((await admin.post(`/api/company/${acmeId}`, { welcomeTitle: 'Benvenuti \ud83d\ude00' })).statusCode).toBe(200);
    expect((await publicCompany('acme.localhost')).settings.welcomeTitle).toBe('Benvenuti 😀');
    expect((await admin.post(`/api/company/${acmeId}`, { welcomeTitle: '' })).statusCode).toBe(200);
  });

  it("answers 404 for another company's id, 403 to an operator, 401 without a session", async () => {
    const admin = await signedIn();
    expect((await admin.post(`/api/company/${acmeId}`, { name: 'Presa' })).statusCode).toBe(404);
    expect((await companyRow(acmeId)).name).not.toBe('Presa');
    const operator = await signedIn('demo.localhost', 'operatore');
    const refused = await operator.post(`/api/company/${demoId}`, { name: 'Presa' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(IT_MANAGEMENT.forbidden);
    const anonymous = new TestClient(t.app, 'demo.localhost');
    await anonymous.get('/api/me');
    expect((await anonymous.post(`/api/company/${demoId}`, { name: 'Presa' })).statusCode).toBe(401);
    expect((await companyRow(demoId)).name).not.toBe('Presa');
  });
});

describe('privacy, terms and walls', () => {
  it.each([
    ['privacy', 'privacyPolicy', IT_COMPANY.activity.privacy],
    ['tos', 'tosPolicy', IT_COMPANY.activity.terms],
  ])('stores /%s sanitised and answers it publicly on the host', async (path, field, summary) => {
    const admin = await signedIn();
    const html = `<h2>Titolo</h2><p>Testo <strong>forte</strong><script>alert(1)</script></p>`;
    const response = await admin.post(`/api/company/${demoId}/${path}`, { [field]: html });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ [field]: '<h2>Titolo</h2><p>Testo <strong>forte</strong></p>' });
    const visitor = new TestClient(t.app, 'demo.localhost');
    expect((await visitor.get(`/api/company/${demoId}/${path}`)).json()).toEqual({ [field]: '<h2>Titolo</h2><p>Testo <strong>forte</strong></p>' });
    expect((await publicCompany('demo.localhost'))[field as 'privacyPolicy']).toBe('<h2>Titolo</h2><p>Testo <strong>forte</strong></p>');
    expect((await visitor.get(`/api/company/${acmeId}/${path}`)).statusCode).toBe(404);
    expect(await lastActivity(demoId)).toMatchObject({ entityType: 'company', summary });

    // Emptied (or nothing left after sanitising): no text.
    expect((await admin.post(`/api/company/${demoId}/${path}`, { [field]: '<script>x</script>' })).json()).toEqual({ [field]: null });
  });

  it('refuses a text over the size limit, naming it', async () => {
    const admin = await signedIn();
    const before = await companyRow(demoId);
    const response = await admin.post(`/api/company/${demoId}/wall`, { wall: `<p>${'a'.repeat(RICH_TEXT_MAX_BYTES)}</p>` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'wall', message: IT_COMPANY.validation.textTooLong(100) });
    expect((await admin.post(`/api/company/${demoId}/privacy`, { privacyPolicy: 42 })).json()).toMatchObject({ field: 'privacyPolicy' });
    expect(await companyRow(demoId)).toEqual(before);
  });

  it("changes the company's wall and a store's; another company's store is not found", async () => {
    const admin = await signedIn();
    expect((await admin.post(`/api/company/${demoId}/wall`, { wall: '<p>Benvenuti</p>' })).json()).toEqual({ wall: '<p>Benvenuti</p>' });
    expect((await publicCompany('demo.localhost')).wall).toBe('<p>Benvenuti</p>');

    const visitor = new TestClient(t.app, 'demo.localhost');
    const [store] = (await visitor.get('/api/config/company')).json().stores as { id: string; name: string }[];
    const wall = '<p>Orari: <a href="https://example.com/orari" onclick="x()">qui</a></p>';
    const response = await admin.post(`/api/store/${store!.id}/wall`, { wall });
    expect(response.statusCode).toBe(200);
    const stored = '<p>Orari: <a href="https://example.com/orari" rel="noopener noreferrer nofollow" target="_blank">qui</a></p>';
    expect(response.json()).toEqual({ wall: stored });
    expect((await visitor.get(`/api/config/store/${store!.id}`)).json().wall).toBe(stored);
    expect(await lastActivity(demoId)).toMatchObject({ entityType: 'store', entityId: store!.id, summary: IT_COMPANY.activity.storeWall(store!.name) });

    const acmeStores = (await new TestClient(t.app, 'acme.localhost').get('/api/config/company')).json().stores as { id: string }[];
    expect((await admin.post(`/api/store/${acmeStores[0]!.id}/wall`, { wall: '<p>x</p>' })).statusCode).toBe(404);
    expect((await admin.post('/api/store/not-an-id/wall', { wall: '<p>x</p>' })).statusCode).toBe(404);
    const operator = await signedIn('demo.localhost', 'operatore');
    expect((await operator.post(`/api/store/${store!.id}/wall`, { wall: '<p>x</p>' })).statusCode).toBe(403);
    const [acmeStore] = await t.db.asOwnerForTenant(acmeId, (tx) =>
      tx
        .select({ wall: stores.wall })
        .from(stores)
        .where(and(eq(stores.companyId, acmeId), eq(stores.id, acmeStores[0]!.id))),
    );
    expect(acmeStore?.wall).not.toBe('<p>x</p>');
  });
});

/** A PNG's signature and header, 8 × 8: all the upload checks read. */
function png(): Buffer {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'latin1');
  header.writeUInt32BE(8, 16);
  header.writeUInt32BE(8, 20);
  return header;
}

/*
 * An image of another site in a rich text would be fetched by every visitor's browser as the page
 * opens, before any consent: only the company's own uploads stay.
 */
describe("images in the rich texts: the company's own uploads only", () => {
  const EXTERNAL = ['https://tracker.example/pixel.gif', 'http://cdn.example/foto.jpg', 'https://demo.localhost.evil.example/api/editor/images/x.png'];
  const withImages = (own: string) =>
    `<p>Il negozio</p><p><img src="${own}" alt="Vetrina" /></p>` + EXTERNAL.map((src) => `<p><img src="${src}" alt="Altrove" /></p>`).join('');
  const kept = (own: string) => `<p>Il negozio</p><p><img src="${own}" alt="Vetrina" /></p>${'<p></p>'.repeat(EXTERNAL.length)}`;

  it('drops images of other sites and keeps an uploaded one, on the public company, the privacy page and a store wall', async () => {
    const admin = await signedIn();
    const { payload, headers } = multipartBody([{ name: 'image', filename: 'vetrina.png', contentType: 'image/png', content: png() }]);
    const uploaded = await admin.post('/api/editor/upload-image', payload, headers);
    expect(uploaded.statusCode).toBe(201);
    const { url } = uploadedImageSchema.parse(uploaded.json());

    expect((await admin.post(`/api/company/${demoId}/wall`, { wall: withImages(url) })).json()).toEqual({ wall: kept(url) });
    expect((await admin.post(`/api/company/${demoId}/privacy`, { privacyPolicy: withImages(url) })).json()).toEqual({ privacyPolicy: kept(url) });
    const visitor = new TestClient(t.app, 'demo.localhost');
    const company = await publicCompany('demo.localhost');
    expect(company.wall).toBe(kept(url));
    expect((await visitor.get(`/api/company/${demoId}/privacy`)).json()).toEqual({ privacyPolicy: kept(url) });
    const [store] = (await visitor.get('/api/config/company')).json().stores as { id: string }[];
    expect((await admin.post(`/api/store/${store!.id}/wall`, { wall: withImages(url) })).statusCode).toBe(200);
    expect((await visitor.get(`/api/config/store/${store!.id}`)).json().wall).toBe(kept(url));
    // What the visitor's browser then asks for: the image, from this site.
    const image = await visitor.get(url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('are taken out of texts stored before, by the migration that made the rule', async () => {
    const own = `/api/editor/images/${'ab'.repeat(16)}.png`;
    const [store] = await t.db.asOwnerForTenant(acmeId, (tx) => tx.select({ id: stores.id }).from(stores).where(eq(stores.companyId, acmeId)));
    await t.db.asOwnerForTenant(acmeId, async (tx) => {
      await tx
        .update(companies)
        .set({ wall: withImages(own), tosPolicy: withImages(own), privacyPolicy: null })
        .where(eq(companies.id, acmeId));
      await tx
        .update(stores)
        .set({ wall: withImages(own) })
        .where(eq(stores.id, store!.id));
    });
    // The migration's statements after its schema changes, run again on what was just stored.
    const migration = await readFile(path.join(MIGRATIONS_FOLDER, '0013_storage_quota_session_entries.sql'), 'utf8');
    const cleanup = migration.slice(migration.indexOf('-- Rich texts keep only'));
    for (const statement of cleanup.split('--> statement-breakpoint')) await t.db.asOwner((tx) => tx.execute(sql.raw(statement)));

    const row = await companyRow(acmeId);
    expect({ wall: row.wall, tosPolicy: row.tosPolicy, privacyPolicy: row.privacyPolicy }).toEqual({
      wall: kept(own),
      tosPolicy: kept(own),
      privacyPolicy: null,
    });
    const [after] = await t.db.asOwnerForTenant(acmeId, (tx) => tx.select({ wall: stores.wall }).from(stores).where(eq(stores.id, store!.id)));
    expect(after!.wall).toBe(kept(own));
  });
});
