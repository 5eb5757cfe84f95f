import { publicCompanySchema } from '@incontra/contracts/api/company';
import { roomsPageSchema } from '@incontra/contracts/api/room-management';
import { usersPageSchema } from '@incontra/contracts/api/users';
import { startClusterApps, type ClusterApps } from './helpers/cluster-apps';
import { START_TIMEOUT_MS, type TestApp } from './helpers/test-app';
import { TestClient } from './helpers/test-client';
import { until } from './helpers/until';

/*
 * Two API processes on one database and one Redis: a company changed through one is shown by the
 * other at once (its host, its staff sessions, its lists' pages), not when its cached entry
 * expires: the test clock stands still, so without the invalidation it never would.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- see the loader
jest.mock('sanitize-html', () => require('./rich-text-support/load-sanitize-html.cjs').loadSanitizeHtml());

let cluster: ClusterApps;
beforeAll(async () => {
  cluster = await startClusterApps({ env: { ROOM_TOKEN_SECRET: 'company-cluster-secret-0123456789abcdef' } });
}, START_TIMEOUT_MS);
afterAll(() => cluster.close());

async function publicCompany(t: TestApp) {
  const response = await t.app.inject({ method: 'GET', url: '/api/company/demo.localhost', headers: { host: 'demo.localhost' } });
  return publicCompanySchema.parse(response.json());
}

describe('a company change across two processes', () => {
  it('reaches the host cache of the other process', async () => {
    const before = await publicCompany(cluster.b);
    expect(before.name).toBe('Demo');
    // Cached on B now: a second read is not a database read that would see the change anyway.
    expect((await publicCompany(cluster.b)).name).toBe('Demo');

    const admin = new TestClient(cluster.a.app, 'demo.localhost');
    expect((await admin.login()).statusCode).toBe(200);
    expect((await admin.post(`/api/company/${before.id}`, { name: 'Demo Italia', theme: 'modern' })).statusCode).toBe(200);
    expect((await admin.post(`/api/company/${before.id}/wall`, { wall: '<p>Nuova bacheca</p>' })).statusCode).toBe(200);

    await until(async () => (await publicCompany(cluster.b)).wall === '<p>Nuova bacheca</p>', 'the change shown by B');
    expect(await publicCompany(cluster.b)).toMatchObject({ name: 'Demo Italia', theme: 'modern', wall: '<p>Nuova bacheca</p>' });
    expect(await publicCompany(cluster.a)).toMatchObject({ name: 'Demo Italia', wall: '<p>Nuova bacheca</p>' });
  });
});

/** A browser on process `t` holding the same cookies (the same session) as `client`. */
function sameBrowserOn(t: TestApp, client: TestClient): TestClient {
  const other = new TestClient(t.app, client.host);
  for (const [name, value] of client.cookies) other.cookies.set(name, value);
  return other;
}

async function signedInOn(t: TestApp, username: string): Promise<TestClient> {
  const client = new TestClient(t.app, 'demo.localhost');
  expect((await client.login(username)).statusCode).toBe(200);
  return client;
}

describe('staff sessions across two processes', () => {
  it('a sign-out on one process ends the session on the other', async () => {
    const onA = await signedInOn(cluster.a, 'operatore');
    const onB = sameBrowserOn(cluster.b, onA);
    expect((await onB.get('/api/me')).statusCode).toBe(200);
    expect((await onB.get('/api/me')).statusCode).toBe(200);

    expect((await onA.post('/api/logout')).statusCode).toBe(200);
    await until(async () => (await onB.get('/api/me')).statusCode === 401, 'the session ended on B');
  });

  it('a user deactivated or given another role on one process is treated so by the other', async () => {
    const adminOnA = await signedInOn(cluster.a, 'admin');
    const operatorOnB = await signedInOn(cluster.b, 'operatore');
    expect((await operatorOnB.get('/api/users')).statusCode).toBe(403);
    const id = usersPageSchema.parse((await adminOnA.get('/api/users')).json()).items.find((user) => user.username === 'operatore')!.id;

    expect((await adminOnA.post(`/api/users/${id}`, { role: 'admin' })).statusCode).toBe(200);
    await until(async () => (await operatorOnB.get('/api/users')).statusCode === 200, 'the new role honoured by B');

    expect((await adminOnA.post(`/api/users/${id}`, { role: 'operator', active: false })).statusCode).toBe(200);
    await until(async () => (await operatorOnB.get('/api/me')).statusCode === 401, 'the deactivated user signed out on B');
    expect((await adminOnA.post(`/api/users/${id}`, { active: true })).statusCode).toBe(200);
  });
});

describe("the lists' pages across two processes", () => {
  it('a user added or a room renamed on one process is listed so by the other', async () => {
    const adminOnA = await signedInOn(cluster.a, 'admin');
    const adminOnB = await signedInOn(cluster.b, 'admin');
    const usersOnB = async () => usersPageSchema.parse((await adminOnB.get('/api/users?q=nuovo')).json());
    const roomsOnB = async () => roomsPageSchema.parse((await adminOnB.get('/api/rooms?q=Sala%20Nuova')).json());
    expect((await usersOnB()).total).toBe(0);
    expect((await roomsOnB()).total).toBe(0);

    const created = await adminOnA.post('/api/users', { username: 'nuovo.collega', email: 'nuovo@demo.example', role: 'operator' });
    expect(created.statusCode).toBe(201);
    await until(async () => (await usersOnB()).total === 1, "the new user in B's list");

    // Demo has all the rooms its plan allows: one is renamed instead.
    const room = roomsPageSchema.parse((await adminOnA.get('/api/rooms')).json()).items[0]!;
    expect((await adminOnA.post(`/api/room/${room.id}`, { name: 'Sala Nuova' })).statusCode).toBe(200);
    await until(async () => (await roomsOnB()).items.map((found) => found.id).includes(room.id), "the renamed room in B's list");
  });
});
