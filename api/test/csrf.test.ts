import { SESSION } from '@incontra/contracts/constants';
import { IT } from '@incontra/contracts/messages/it';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import { rawRequest } from './helpers/raw-http';
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
    const password = await browser.put(
      '/api/me/update-password',
      { currentPassword: 'Incontra2026!', newPassword: 'Rubata123!' },
      { [SESSION.csrfHeaderName]: '' },
    );
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

  it('refuses a pair taken from another session, and one the attacker chose', async () => {
    const victim = new TestClient(t.app);
    await victim.login();
    const attacker = new TestClient(t.app);
    await attacker.login('operatore');
    // The attacker's own valid pair, planted beside the victim's session cookie.
    const planted = await t.app.inject({
      method: 'PUT',
      url: '/api/me',
      headers: {
        host: 'demo.localhost',
        cookie: `${SESSION.cookieName}=${victim.sessionId}; ${SESSION.csrfCookieName}=${attacker.csrf}`,
        [SESSION.csrfHeaderName]: attacker.csrf!,
      },
      payload: { email: 'rubata@example.com' },
    });
    expect(planted.statusCode).toBe(403);
    for (const chosen of ['a'.repeat(43), `${'a'.repeat(43)}.${'b'.repeat(43)}`]) {
      const forged = await t.app.inject({
        method: 'PUT',
        url: '/api/me',
        headers: {
          host: 'demo.localhost',
          cookie: `${SESSION.cookieName}=${victim.sessionId}; ${SESSION.csrfCookieName}=${chosen}`,
          [SESSION.csrfHeaderName]: chosen,
        },
        payload: { email: 'rubata@example.com' },
      });
      expect(forged.statusCode).toBe(403);
    }
    expect((await victim.get('/api/me')).json().email).toBe('admin@demo.incontra.local');
    // Each session's own pair still works.
    expect((await victim.put('/api/me', { email: 'admin@demo.incontra.local' })).statusCode).toBe(200);
  });

  it('gives a token bound to the new session at sign-in and an anonymous one at sign-out', async () => {
    const browser = new TestClient(t.app);
    await browser.get('/api/me');
    const anonymous = browser.csrf!;
    const login = await browser.login();
    expect(login.json().csrfToken).toBe(browser.csrf);
    expect(browser.csrf).not.toBe(anonymous);
    const stale = await browser.put('/api/me', { email: 'rubata@example.com' }, { [SESSION.csrfHeaderName]: anonymous });
    expect(stale.statusCode).toBe(403);
    expect((await browser.post('/api/logout')).statusCode).toBe(200);
    // Signed out, the new anonymous token lets the next sign-in through.
    expect((await browser.login()).statusCode).toBe(200);
  });

  it('keeps a token that fits the session and replaces one that does not', async () => {
    const browser = new TestClient(t.app);
    await browser.login();
    const token = browser.csrf!;
    await browser.get('/api/me');
    expect(browser.csrf).toBe(token);
    browser.cookies.set(SESSION.csrfCookieName, `${'a'.repeat(43)}.${'b'.repeat(43)}`);
    await browser.get('/api/me');
    expect(browser.csrf).not.toBe(token);
    expect((await browser.put('/api/me', { email: 'admin@demo.incontra.local' })).statusCode).toBe(200);
  });

  it('lets reads through without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/company/demo.localhost' })).statusCode).toBe(200);
  });
});

describe('the guard does not depend on how the path is spelt', () => {
  let port: number;
  let browser: TestClient;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
    browser = new TestClient(t.app);
    await browser.login();
  });

  /** The signed-in browser's cookies, and no CSRF header: what a forged cross-site form sends. */
  const forged = (method: string, target: string, body = '') =>
    rawRequest(
      port,
      [
        `${method} ${target} HTTP/1.1`,
        'host: demo.localhost',
        `cookie: ${SESSION.cookieName}=${browser.sessionId}; ${SESSION.csrfCookieName}=${browser.csrf}`,
        'content-type: application/json',
      ],
      body,
    );

  it.each([
    ['PUT', '/%61pi/me', '{"email":"rubata@example.com"}'],
    ['PUT', '/api%2Fme', '{"email":"rubata@example.com"}'],
    ['PUT', '//api/me', '{"email":"rubata@example.com"}'],
    ['PUT', 'http://demo.localhost/api/me', '{"email":"rubata@example.com"}'],
    ['PUT', 'http://demo.localhost/%61pi/me', '{"email":"rubata@example.com"}'],
    ['POST', '/%61pi/bo/invitations', '{"name":"X"}'],
    ['POST', '/%61pi/logout', ''],
    ['POST', 'http://demo.localhost:3000/api/logout', ''],
    ['DELETE', '/%61pi/documents/00000000-0000-4000-8000-000000000000', ''],
  ])('%s %s without the token is refused', async (method, target, body) => {
    const answer = await forged(method, target, body);
    expect(answer.statusCode).toBe(403);
    expect(JSON.parse(answer.body)).toEqual(forbidden);
    expect((await browser.get('/api/me')).json().email).toBe('admin@demo.incontra.local');
  });

  it('refuses a multipart upload to an encoded path', async () => {
    const storeId = (await browser.get('/api/config/company')).json().stores[0].id as string;
    const rooms = (await browser.get(`/api/config/store/${storeId}`)).json().rooms as { id: string }[];
    const boundary = 'x'.repeat(16);
    const body = [
      `--${boundary}`,
      'content-disposition: form-data; name="file"; filename="a.txt"',
      'content-type: text/plain',
      '',
      'ciao',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const answer = await rawRequest(
      port,
      [
        `POST /%61pi/room/${rooms[0]!.id}/documents HTTP/1.1`,
        'host: demo.localhost',
        `cookie: ${SESSION.cookieName}=${browser.sessionId}; ${SESSION.csrfCookieName}=${browser.csrf}`,
        `content-type: multipart/form-data; boundary=${boundary}`,
      ],
      body,
    );
    expect(answer.statusCode).toBe(403);
    expect((await browser.get(`/api/room/${rooms[0]!.id}/documents`)).json()).toEqual([]);
  });

  it.each(['/%61pi/me', 'http://demo.localhost/%61pi/me', 'http://demo.localhost/api/me', '/api/me'])('GET %s is never stored by a cache', async (target) => {
    const answer = await rawRequest(port, [`GET ${target} HTTP/1.1`, 'host: demo.localhost', `cookie: ${SESSION.cookieName}=${browser.sessionId}`]);
    expect(answer.headers['cache-control']).toBe('no-store');
  });
});

describe('cookies behind a TLS-terminating proxy', () => {
  const forwarded = { 'x-forwarded-proto': 'https' };

  it('names the session and CSRF cookies __Host- and marks them Secure, path / and no Domain', async () => {
    const browser = new TestClient(t.app);
    await browser.get('/api/me', forwarded);
    const response = await browser.post('/api/login', loginBody, forwarded);
    expect(response.statusCode).toBe(200);
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    for (const name of [SESSION.cookieName, SESSION.csrfCookieName]) {
      const line = cookies.find((cookie) => cookie.startsWith(`__Host-${name}=`));
      expect(line).toMatch(/; Path=\/; /);
      expect(line).toMatch(/; Secure/);
      expect(line).not.toMatch(/Domain=/i);
    }
    expect(cookies.some((cookie) => cookie.startsWith(`${SESSION.cookieName}=`))).toBe(false);
    expect((await browser.get('/api/me', forwarded)).statusCode).toBe(200);
    expect((await browser.put('/api/me', { email: 'admin@demo.incontra.local' }, forwarded)).statusCode).toBe(200);
  });

  it('ignores bare-named cookies over https (a sibling subdomain could have planted them)', async () => {
    const browser = new TestClient(t.app);
    await browser.login();
    const planted = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { host: 'demo.localhost', ...forwarded, cookie: `${SESSION.cookieName}=${browser.sessionId}` },
    });
    expect(planted.statusCode).toBe(401);
  });
});
