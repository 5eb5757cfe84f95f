import { publicCompanySchema } from '@incontra/contracts/api/company';
import { startClusterApps, type ClusterApps } from './helpers/cluster-apps';
import { START_TIMEOUT_MS, type TestApp } from './helpers/test-app';
import { TestClient } from './helpers/test-client';
import { until } from './helpers/until';

/*
 * Two API processes on one database and one Redis: a company changed through one is shown by the
 * other's GET /api/company/{host} at once, not when its cached entry expires (the test clock
 * stands still, so without the invalidation it never would).
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
