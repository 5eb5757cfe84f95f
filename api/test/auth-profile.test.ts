import { meSchema } from '@incontra/contracts/api/auth';
import { IT } from '@incontra/contracts/messages/it';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { and, eq } from 'drizzle-orm';
import { lockPlanUsage } from '../src/billing/plan-limits';
import { users } from '../src/db/schema';
import { racesAtRows, waitingOnLocks } from './helpers/lock-waits';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import { TestClient } from './helpers/test-client';
import { until } from './helpers/until';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, START_TIMEOUT_MS);
afterAll(() => t.close());

async function signedIn(username = 'admin', password = 'Incontra2026!', host = 'demo.localhost') {
  const browser = new TestClient(t.app, host);
  expect((await browser.login(username, password)).statusCode).toBe(200);
  return browser;
}

describe('PUT /api/me', () => {
  it('updates the profile and answers the user', async () => {
    const browser = await signedIn();
    const response = await browser.put('/api/me', { email: 'Anna.Rossi@demo.incontra.local', firstName: ' Anna Maria ', lastName: 'Rossi' });
    expect(response.statusCode).toBe(200);
    expect(meSchema.parse(response.json())).toMatchObject({ email: 'Anna.Rossi@demo.incontra.local', firstName: 'Anna Maria', lastName: 'Rossi' });
    expect((await browser.get('/api/me')).json()).toMatchObject({ firstName: 'Anna Maria' });
    await browser.put('/api/me', { email: 'admin@demo.incontra.local', firstName: null });
    expect((await browser.get('/api/me')).json()).toMatchObject({ email: 'admin@demo.incontra.local', firstName: null, lastName: 'Rossi' });
  });

  it.each([
    [{}, 'email'],
    [{ email: 'non-una-email' }, 'email'],
    [{ email: 'a@b.it', firstName: 'x'.repeat(101) }, 'firstName'],
    [{ email: 'a@b.it', lastName: 7 }, 'lastName'],
  ])('answers 400 naming the field for %j', async (body, field) => {
    const browser = await signedIn();
    const response = await browser.put('/api/me', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, field });
    if (field === 'email') expect(response.json().message).toBe(IT.validation.emailInvalid);
  });

  it("refuses another user's e-mail with 409 naming the field", async () => {
    const browser = await signedIn();
    const response = await browser.put('/api/me', { email: 'OPERATORE@demo.incontra.local' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ statusCode: 409, error: 'Conflict', message: IT.validation.emailTaken, field: 'email' });
  });

  // Only PostgreSQL runs transactions side by side: there an admin's change of another user's
  // e-mail holds the company's users lock while the profile asks for the same address.
  (racesAtRows ? it : it.skip)("waits for an admin's write of the same e-mail under way, then refuses it with 409", async () => {
    const browser = await signedIn();
    const demoId = (await t.db.asOwner((tx) => tx.select({ companyId: users.companyId }).from(users).where(eq(users.email, 'admin@demo.incontra.local'))))[0]!
      .companyId;
    const wanted = 'contesa@demo.incontra.local';
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let locked: () => void = () => undefined;
    const lockHeld = new Promise<void>((resolve) => (locked = resolve));
    // As UsersService.update does: the users lock, then the write.
    const adminWrite = t.db.withTenant(demoId, async (tx) => {
      await lockPlanUsage(tx, demoId);
      await tx
        .update(users)
        .set({ email: wanted })
        .where(and(eq(users.companyId, demoId), eq(users.username, 'operatore')));
      locked();
      await gate;
    });
    await lockHeld;
    const profile = browser.put('/api/me', { email: wanted });
    await until(async () => (await waitingOnLocks(t.db)) >= 1, 'the profile waiting for the users lock');
    release();
    await adminWrite;
    try {
      const response = await profile;
      expect(response.json()).toEqual({ statusCode: 409, error: 'Conflict', message: IT.validation.emailTaken, field: 'email' });
    } finally {
      await t.db.withTenant(demoId, (tx) =>
        tx
          .update(users)
          .set({ email: 'operatore@demo.incontra.local' })
          .where(and(eq(users.companyId, demoId), eq(users.username, 'operatore'))),
      );
    }
  });

  it('answers 401 without a session', async () => {
    const browser = new TestClient(t.app);
    await browser.get('/api/me');
    expect((await browser.put('/api/me', { email: 'a@b.it' })).statusCode).toBe(401);
  });

  // Staff routes authenticate before they read the body: a signed-out caller learns nothing of the rules.
  it.each([
    ['/api/me', { email: 'non-una-email' }],
    ['/api/me/update-password', { newPassword: 'corta' }],
  ])('answers 401, not 400, to a bad body on %s without a session', async (path, body) => {
    const browser = new TestClient(t.app);
    await browser.get('/api/me');
    const response = await browser.put(path, body);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: IT.errors.unauthorized });
  });
});

describe('PUT /api/me/update-password', () => {
  it('refuses a wrong current password with 422 on currentPassword', async () => {
    const browser = await signedIn('operatore');
    const response = await browser.put('/api/me/update-password', { currentPassword: 'sbagliata', newPassword: 'NuovaPassword1!' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      statusCode: 422,
      error: 'Unprocessable Entity',
      message: IT_BACKOFFICE.wrongCurrentPassword,
      field: 'currentPassword',
    });
  });

  it.each([
    [{ newPassword: 'NuovaPassword1!' }, 'currentPassword', IT.validation.passwordRequired],
    [{ currentPassword: 'Incontra2026!', newPassword: 'corta' }, 'newPassword', IT.validation.passwordTooShort],
    [{ currentPassword: 'Incontra2026!', newPassword: 'x'.repeat(201) }, 'newPassword', IT.validation.passwordTooLong],
  ])('answers 400 naming the field for %j', async (body, field, message) => {
    const browser = await signedIn('operatore');
    const response = await browser.put('/api/me/update-password', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, message });
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const here = await signedIn('operatore');
    const elsewhere = await signedIn('operatore');
    const response = await here.put('/api/me/update-password', { currentPassword: 'Incontra2026!', newPassword: 'NuovaPassword1!' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect((await here.get('/api/me')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/me')).statusCode).toBe(401);
    expect((await new TestClient(t.app).login('operatore', 'Incontra2026!')).statusCode).toBe(401);
    expect((await new TestClient(t.app).login('operatore', 'NuovaPassword1!')).statusCode).toBe(200);
  });
});
