import { outboxSchema } from '@incontra/contracts/api/mail';
import { PASSWORD_RESET_TOKEN_TTL_MS } from '@incontra/contracts/constants';
import { IT } from '@incontra/contracts/messages/it';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { PasswordResetService } from '../src/auth/password-reset-service';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import { TestClient } from './helpers/test-client';
import { until } from './helpers/until';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { OUTBOX_VIEW: 'true' }, rateLimits: { resetRequestsPerMinute: 1000, resetRequestsPerEmail: 1000 } });
}, START_TIMEOUT_MS);
afterAll(() => t.close());

async function outbox(host = 'demo.localhost:3000', app = t.app) {
  const response = await app.inject({ method: 'GET', url: '/api/dev/outbox', headers: { host } });
  expect(response.statusCode).toBe(200);
  return outboxSchema.parse(response.json()).messages;
}

async function requestReset(body: unknown, host = 'demo.localhost:3000', headers: Record<string, string> = {}, app = t.app) {
  const browser = new TestClient(app, host);
  await browser.get('/api/me', headers);
  return browser.put('/api/password-reset-request', body, headers);
}

/** The request is answered before its work: the e-mail appears in the outbox a moment later. */
async function nextMail(host: string, before: number, app = t.app) {
  let messages = await outbox(host, app);
  await until(async () => (messages = await outbox(host, app)).length > before, 'the reset e-mail');
  return messages[0]!;
}

async function resetLinkFor(email: string, host = 'demo.localhost:3000', headers: Record<string, string> = {}, app = t.app): Promise<URL> {
  const before = (await outbox(host, app)).length;
  const company = email.endsWith('@acme.incontra.local') ? 'acme' : 'demo';
  expect((await requestReset({ company, email }, host, headers, app)).json()).toEqual({ ok: true });
  const latest = await nextMail(host, before, app);
  expect(latest.to).toBe(email);
  const link = /https?:\/\/\S+reimposta-password\?token=[\w-]+/.exec(latest!.text)?.[0];
  expect(link).toMatch(/reimposta-password\?token=[\w-]{20,}$/);
  return new URL(link!);
}

async function reset(token: string, password: string, host = 'demo.localhost:3000') {
  const browser = new TestClient(t.app, host);
  await browser.get('/api/me');
  return browser.post('/api/password-reset', { token, password });
}

describe('PUT /api/password-reset-request', () => {
  it('mails a link to the company host in the public origin, through the outbox', async () => {
    const link = await resetLinkFor('admin@demo.incontra.local');
    expect(link.origin).toBe('http://demo.localhost:3000');
    expect(link.pathname).toBe('/admin/reimposta-password');
    expect(link.searchParams.get('token')).toMatch(/^[\w-]{43}$/);
    const [mail] = await outbox();
    expect(mail).toMatchObject({ subject: IT.mail.passwordResetSubject('Demo'), sentAt: null });
  });

  it('answers the same and sends nothing for an unknown e-mail or another company', async () => {
    const before = (await outbox()).length;
    expect((await requestReset({ company: 'demo', email: 'nessuno@demo.incontra.local' })).json()).toEqual({ ok: true });
    expect((await requestReset({ company: 'acme', email: 'admin@acme.incontra.local' })).json()).toEqual({ ok: true });
    // A known e-mail after them as a marker: once its mail is there, theirs would be too.
    await resetLinkFor('admin@demo.incontra.local');
    const messages = await outbox();
    expect(messages).toHaveLength(before + 1);
    expect(messages[0]?.to).toBe('admin@demo.incontra.local');
    expect(await outbox('acme.localhost')).toHaveLength(0);
  });

  it('answers before the look-up and the e-mail are done, so known and unknown e-mails take as long', async () => {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const original = PasswordResetService.prototype.request;
    const spy = jest.spyOn(PasswordResetService.prototype, 'request').mockImplementation(async function (this: PasswordResetService, ...args) {
      await held;
      return original.apply(this, args);
    });
    try {
      const before = (await outbox()).length;
      const answer = await requestReset({ company: 'demo', email: 'admin@demo.incontra.local' });
      expect(answer.json()).toEqual({ ok: true });
      expect(spy).toHaveBeenCalledTimes(1);
      expect(await outbox()).toHaveLength(before);
      release();
      expect((await nextMail('demo.localhost:3000', before)).to).toBe('admin@demo.incontra.local');
    } finally {
      spy.mockRestore();
    }
  });

  it('never takes the port or scheme of the link from the request', async () => {
    for (const host of ['demo.localhost:31337', 'demo.localhost', 'DEMO.localhost.:8080']) {
      const link = await resetLinkFor('admin@demo.incontra.local', host);
      expect(link.origin).toBe('http://demo.localhost:3000');
    }
    // The company's other configured host name is kept: it is the one the person used.
    expect((await resetLinkFor('admin@demo.incontra.local', 'localhost:4444')).origin).toBe('http://localhost:3000');
  });

  it.each([
    [{ email: 'admin@demo.incontra.local' }, 'company', IT.validation.companyRequired],
    [{ company: 'demo' }, 'email', IT.validation.emailInvalid],
    [{ company: 'demo', email: 'admin' }, 'email', IT.validation.emailInvalid],
  ])('answers 400 naming the field for %j', async (body, field, message) => {
    const response = await requestReset(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message, field });
  });
});

describe('behind a proxy, with PUBLIC_URL', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await startTestApp({ env: { OUTBOX_VIEW: 'true', TRUST_PROXY: 'true', PUBLIC_URL: 'https://{host}' } });
  }, START_TIMEOUT_MS);
  afterAll(() => proxied.close());

  it('builds the link from the configured origin, whatever X-Forwarded-* claim', async () => {
    const forged = { 'x-forwarded-host': 'demo.localhost:31337', 'x-forwarded-proto': 'http' };
    const link = await resetLinkFor('admin@demo.incontra.local', 'demo.localhost', forged, proxied.app);
    expect(link.origin).toBe('https://demo.localhost');
  });
});

describe('POST /api/password-reset', () => {
  it('sets the new password once, and ends every session of the user', async () => {
    const browser = new TestClient(t.app);
    expect((await browser.login('operatore')).statusCode).toBe(200);
    const token = (await resetLinkFor('operatore@demo.incontra.local')).searchParams.get('token')!;

    const done = await reset(token, 'PasswordNuova1!');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ ok: true });
    expect((await browser.get('/api/me')).statusCode).toBe(401);
    expect((await new TestClient(t.app).login('operatore', 'PasswordNuova1!')).statusCode).toBe(200);

    const again = await reset(token, 'UnAltraPassword1!');
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ statusCode: 422, error: 'Unprocessable Entity', message: IT_BACKOFFICE.resetInvalid, field: 'token' });
  });

  it('refuses a token after one hour', async () => {
    const token = (await resetLinkFor('admin@demo.incontra.local')).searchParams.get('token')!;
    t.clock.advance(PASSWORD_RESET_TOKEN_TTL_MS + 1000);
    expect((await reset(token, 'TroppoTardi1!')).statusCode).toBe(422);
  });

  it('makes older links worthless when a new one is sent', async () => {
    const first = (await resetLinkFor('admin@demo.incontra.local')).searchParams.get('token')!;
    const second = (await resetLinkFor('admin@demo.incontra.local')).searchParams.get('token')!;
    expect((await reset(first, 'PrimoLink1!')).statusCode).toBe(422);
    expect((await reset(second, 'SecondoLink1!')).statusCode).toBe(200);
  });

  it("refuses unknown tokens and another company's tokens", async () => {
    expect((await reset('x'.repeat(43), 'Qualsiasi1!')).statusCode).toBe(422);
    const acmeToken = (await resetLinkFor('admin@acme.incontra.local', 'acme.localhost:3000')).searchParams.get('token')!;
    expect((await reset(acmeToken, 'Qualsiasi1!', 'demo.localhost')).statusCode).toBe(422);
    expect((await reset(acmeToken, 'AcmeNuova1!', 'acme.localhost')).statusCode).toBe(200);
  });

  it.each([
    [{ password: 'PasswordNuova1!' }, 'token', IT.validation.tokenRequired],
    [{ token: 'abc', password: 'corta' }, 'password', IT.validation.passwordTooShort],
  ])('answers 400 naming the field for %j', async (body, field, message) => {
    const browser = new TestClient(t.app);
    await browser.get('/api/me');
    const response = await browser.post('/api/password-reset', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message, field });
  });
});
