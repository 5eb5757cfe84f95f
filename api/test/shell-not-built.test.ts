import { seedDatabase } from '../src/seed/seed';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ withShell: false, env: { SEED: 'false' } });
}, START_TIMEOUT_MS);
afterAll(() => t.close());

const home = (host: string) => t.app.inject({ method: 'GET', url: '/', headers: { host } });

it('with SEED=false the database stays empty: every host is unknown', async () => {
  expect((await t.app.inject({ method: 'GET', url: '/api/company/demo.localhost' })).statusCode).toBe(404);
  expect((await home('demo.localhost')).statusCode).toBe(404);
});

it('before the shell is built, a known host gets 503 saying what to do', async () => {
  await seedDatabase(t.db, t.clock.now());
  t.clock.advance(60_000); // past the host cache
  const response = await home('demo.localhost');
  expect(response.statusCode).toBe(503);
  expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
  expect(response.body).toBe('Shell not built: run npm run build');
});
