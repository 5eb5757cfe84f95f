import { SESSION } from '@incontra/contracts/constants';
import { IT } from '@incontra/contracts/messages/it';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import { TestClient } from './helpers/test-client';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
}, START_TIMEOUT_MS);
afterAll(() => t.close());

const forbidden = { statusCode: 403, error: 'Forbidden', message: IT.errors.csrf };
const loginBody = { company: 'demo', username: 'admin', password: 'Incontra2026!' };

describe('CSRF double submit', () => {
  it('refuses a sign-in without the header, with a wrong header, or without the cookie', async () => {
    const browser = new TestClient(t.app);
    await browser.get('/api/me');
    const missing = await browser.post('/api/login', loginBody, { [SESSION.csrfHeaderName]: '' });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual(forbidden);
    expect((await browser.post('/api/login', loginBody, { [SESSION.csrfHeaderName]: 'x'.repeat(43) })).statusCode).toBe(403);
    const noCookie = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { host: 'demo.localhost', [SESSION.csrfHeaderName]: browser.csrf! },
      payload: loginBody,
    });
    expect(noCookie.statusCode).toBe(403);
    expect(browser.sessionId).toBeUndefined();
  });

  it('changes nothing when a signed-in write lacks the token', async () => {
    const browser = new TestClient(t.app);
    await browser.login();
    const update = await browser.put('/api/me', { email: 'rubata@example.com' }, { [SESSION.csrfHeaderName]: 'sbagliato' });
    expect(update.statusCode).toBe(403);
    expect((await browser.get('/api/me')).json().email).toBe('admin@demo.incontra.local');
    const password = await browser.put('/api/me/update-password', { currentPassword: 'Incontra2026!', newPassword: 'Rubata123!' }, { [SESSION.csrfHeaderName]: '' });
    expect(password.statusCode).toBe(403);
    const logout = await browser.post('/api/logout', undefined, { [SESSION.csrfHeaderName]: '' });
    expect(logout.statusCode).toBe(403);
    expect((await browser.get('/api/me')).statusCode).toBe(200);
  });

  it('exempts calls authenticated with a Bearer token', async () => {
    const browser = new TestClient(t.app);
    await browser.login();
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/me',
      headers: { host: 'demo.localhost', authorization: `Bearer ${browser.sessionId}` },
      payload: { email: 'admin@demo.incontra.local', firstName: 'Anna' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('lets reads through without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/company/demo.localhost' })).statusCode).toBe(200);
  });
});

describe('cookies behind a TLS-terminating proxy', () => {
  it('marks the session and CSRF cookies Secure when the request was https', async () => {
    const browser = new TestClient(t.app);
    const forwarded = { 'x-forwarded-proto': 'https' };
    await browser.get('/api/me', forwarded);
    const response = await browser.post('/api/login', loginBody, forwarded);
    expect(response.statusCode).toBe(200);
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    expect(cookies.find((line) => line.startsWith(`${SESSION.cookieName}=`))).toMatch(/; Secure/);
    expect(cookies.find((line) => line.startsWith(`${SESSION.csrfCookieName}=`))).toMatch(/; Secure/);
  });
});
