import { IT } from '@incontra/contracts/messages/it';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import { TestClient } from './helpers/test-client';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ rateLimits: { loginPerMinute: 8, accountFailures: 3, resetRequestsPerMinute: 4, resetRequestsPerEmail: 2, notFoundPerMinute: 5 } });
}, START_TIMEOUT_MS);
afterAll(() => t.close());

let ipCounter = 10;
/** A browser on its own IP address, so that each test meets only the limit it is about. */
async function browserOnNewIp(host = 'demo.localhost') {
  const browser = new TestClient(t.app, host, `10.0.0.${ipCounter++}`);
  await browser.get('/api/me');
  return browser;
}

const login = (browser: TestClient, username: string, password: string) => browser.post('/api/login', { company: 'demo', username, password });

describe('sign-in limits', () => {
  it('blocks an account after repeated failures, whatever the IP, even with the right password', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await login(await browserOnNewIp(), 'admin', 'sbagliata')).statusCode).toBe(401);
    }
    const blocked = await login(await browserOnNewIp(), 'admin', 'Incontra2026!');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ statusCode: 429, error: 'Too Many Requests', message: IT_BACKOFFICE.tooManyAttempts });
    expect((await login(await browserOnNewIp(), 'operatore', 'Incontra2026!')).statusCode).toBe(200);
  });

  it('limits sign-in attempts per IP address', async () => {
    const browser = await browserOnNewIp();
    for (let attempt = 0; attempt < 8; attempt += 1) {
      expect((await login(browser, `nessuno-${attempt}`, 'sbagliata')).statusCode).toBe(401);
    }
    const limited = await login(browser, 'operatore', 'Incontra2026!');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(IT_BACKOFFICE.tooManyAttempts);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('password reset limits', () => {
  it('limits requests per e-mail', async () => {
    const body = { company: 'demo', email: 'operatore@demo.incontra.local' };
    expect((await (await browserOnNewIp()).put('/api/password-reset-request', body)).statusCode).toBe(200);
    expect((await (await browserOnNewIp()).put('/api/password-reset-request', body)).statusCode).toBe(200);
    const limited = await (await browserOnNewIp()).put('/api/password-reset-request', { ...body, email: 'Operatore@demo.incontra.local' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(IT.errors.tooManyRequests);
  });

  it('limits requests per IP address', async () => {
    const browser = await browserOnNewIp();
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await browser.put('/api/password-reset-request', { company: 'demo', email: `n${attempt}@demo.incontra.local` })).statusCode).toBe(200);
    }
    expect((await browser.put('/api/password-reset-request', { company: 'demo', email: 'n9@demo.incontra.local' })).statusCode).toBe(429);
  });
});

describe('unknown paths', () => {
  it('are rate limited', async () => {
    const browser = await browserOnNewIp();
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await browser.get(`/api/nope-${attempt}`)).statusCode).toBe(404);
    expect((await browser.get('/api/nope-6')).statusCode).toBe(429);
  });
});
