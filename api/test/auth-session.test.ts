import { loginResponseSchema, meSchema } from '@incontra/contracts/api/auth';
import { SESSION } from '@incontra/contracts/constants';
import { IT } from '@incontra/contracts/messages/it';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import { TestClient } from './helpers/test-client';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, START_TIMEOUT_MS);
afterAll(() => t.close());

const client = (host?: string) => new TestClient(t.app, host);
const setCookie = (response: { headers: Record<string, unknown> }, name: string) =>
  ([] as string[]).concat((response.headers['set-cookie'] as string[] | string | undefined) ?? []).find((line) => line.startsWith(`${name}=`));

describe('POST /api/login', () => {
  it('signs in with company, username and password: user, CSRF token and an HttpOnly session cookie', async () => {
    const browser = client();
    const response = await browser.login();
    expect(response.statusCode).toBe(200);
    const body = loginResponseSchema.parse(response.json());
    expect(body.user).toMatchObject({ username: 'admin', role: 'admin', email: 'admin@demo.incontra.local', isGuest: false });
    expect(body.csrfToken).toBe(browser.csrf);
    const sessionCookie = setCookie(response, SESSION.cookieName)!;
    expect(sessionCookie).toMatch(/HttpOnly/);
    expect(sessionCookie).toMatch(/SameSite=Lax/);
    expect(sessionCookie).toMatch(/Path=\//);
    expect(sessionCookie).not.toMatch(/Secure/);
    expect(browser.sessionId).toMatch(/^[\w-]{43}$/);
    expect(setCookie(response, SESSION.csrfCookieName)).not.toMatch(/HttpOnly/);
  });

  it('signs in the operator too, with a case-blind username', async () => {
    const response = await client().login('Operatore');
    expect(response.statusCode).toBe(200);
    expect(response.json().user.role).toBe('operator');
  });

  it.each([
    [{}, 'company', IT.validation.companyRequired],
    [{ company: 'demo' }, 'username', IT.validation.usernameRequired],
    [{ company: 'demo', username: '  ' }, 'username', IT.validation.usernameRequired],
    [{ company: 'demo', username: 'admin' }, 'password', IT.validation.passwordRequired],
    [{ company: 'demo', username: 'admin', password: 12 }, 'password', IT.validation.passwordRequired],
  ])('answers 400 naming the field for %j', async (body, field, message) => {
    const browser = client();
    await browser.get('/api/me');
    const response = await browser.post('/api/login', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message, field });
  });

  it.each([
    ['a wrong password', 'demo.localhost', { company: 'demo', username: 'admin', password: 'sbagliata-123' }],
    ['an unknown user', 'demo.localhost', { company: 'demo', username: 'nessuno', password: 'Incontra2026!' }],
    ['a company other than the host', 'demo.localhost', { company: 'acme', username: 'admin', password: 'Incontra2026!' }],
    ['a Demo account on the Acme host', 'acme.localhost', { company: 'demo', username: 'operatore', password: 'Incontra2026!' }],
  ])('answers 401 with one message for %s', async (_case, host, body) => {
    const browser = client(host);
    await browser.get('/api/me');
    const response = await browser.post('/api/login', body);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: IT_BACKOFFICE.wrongCredentials });
    expect(setCookie(response, SESSION.cookieName)).toBeUndefined();
  });

  it('gives a new session id at every sign-in and ends the previous one', async () => {
    const browser = client();
    await browser.login();
    const first = browser.sessionId!;
    await browser.login();
    const second = browser.sessionId!;
    expect(second).not.toBe(first);
    const withOld = await t.app.inject({ method: 'GET', url: '/api/me', headers: { host: 'demo.localhost', cookie: `${SESSION.cookieName}=${first}` } });
    expect(withOld.statusCode).toBe(401);
    expect((await browser.get('/api/me')).statusCode).toBe(200);
  });

  it('answers 404 on a host that belongs to no company', async () => {
    const browser = client('nessuno.localhost');
    await browser.get('/api/me');
    expect((await browser.login('admin', 'Incontra2026!', 'demo')).statusCode).toBe(404);
  });
});

describe('GET /api/me', () => {
  it('answers 401 without a session, and still hands out the CSRF cookie', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/me', headers: { host: 'demo.localhost' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: IT.errors.unauthorized });
    expect(setCookie(response, SESSION.csrfCookieName)).toMatch(/^incontra_csrf=[\w-]{43}\.[\w-]{43};/);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('keeps an existing CSRF cookie', async () => {
    const browser = client();
    await browser.get('/api/me');
    const token = browser.csrf;
    const again = await browser.get('/api/me');
    expect(setCookie(again, SESSION.csrfCookieName)).toBeUndefined();
    expect(browser.csrf).toBe(token);
  });

  it('accepts the session id as a Bearer token, only on its own company host', async () => {
    const browser = client();
    await browser.login();
    const bearer = { authorization: `Bearer ${browser.sessionId}` };
    const demo = await t.app.inject({ method: 'GET', url: '/api/me', headers: { host: 'demo.localhost', ...bearer } });
    expect(demo.statusCode).toBe(200);
    expect(meSchema.parse(demo.json()).username).toBe('admin');
    const acme = await t.app.inject({ method: 'GET', url: '/api/me', headers: { host: 'acme.localhost', ...bearer } });
    expect(acme.statusCode).toBe(401);
    const cookieOnAcme = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { host: 'acme.localhost', cookie: `${SESSION.cookieName}=${browser.sessionId}` },
    });
    expect(cookieOnAcme.statusCode).toBe(401);
  });

  it('ignores the cookie when an Authorization header is present', async () => {
    const browser = client();
    await browser.login();
    expect((await browser.get('/api/me', { authorization: 'Bearer not-a-session' })).statusCode).toBe(401);
  });
});

describe('POST /api/logout', () => {
  it('destroys the session and clears its cookie', async () => {
    const browser = client();
    await browser.login();
    const sessionId = browser.sessionId!;
    const response = await browser.post('/api/logout');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(setCookie(response, SESSION.cookieName)).toMatch(/^incontra_sid=;/);
    expect(browser.sessionId).toBeUndefined();
    const replay = await t.app.inject({ method: 'GET', url: '/api/me', headers: { host: 'demo.localhost', cookie: `${SESSION.cookieName}=${sessionId}` } });
    expect(replay.statusCode).toBe(401);
  });

  it('is harmless without a session', async () => {
    const browser = client();
    await browser.get('/api/me');
    expect((await browser.post('/api/logout')).json()).toEqual({ ok: true });
  });
});

describe('session timeouts', () => {
  it('ends a session left unused longer than the idle timeout', async () => {
    const browser = client();
    await browser.login();
    t.clock.advance(SESSION.idleTimeoutMs - 60_000);
    expect((await browser.get('/api/me')).statusCode).toBe(200);
    t.clock.advance(SESSION.idleTimeoutMs + 1);
    expect((await browser.get('/api/me')).statusCode).toBe(401);
  });

  it('ends a busy session at the absolute timeout', async () => {
    const browser = client();
    await browser.login();
    const step = SESSION.idleTimeoutMs / 2;
    let elapsed = 0;
    while (elapsed + step < SESSION.absoluteTimeoutMs) {
      t.clock.advance(step);
      elapsed += step;
      expect((await browser.get('/api/me')).statusCode).toBe(200);
    }
    t.clock.advance(SESSION.absoluteTimeoutMs - elapsed);
    expect((await browser.get('/api/me')).statusCode).toBe(401);
  });
});
