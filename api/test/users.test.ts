import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { outboxSchema } from '@incontra/contracts/api/mail';
import { subscriptionSchema } from '@incontra/contracts/api/subscription';
import { INVITATION_TTL_MS, managedUserSchema, usersPageSchema, type ManagedUser, type UserBody, type UsersPage } from '@incontra/contracts/api/users';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { IT_USERS } from '@incontra/contracts/messages/it-users';
import { ROUTES } from '@incontra/contracts/routes';
import { activityLog, passwordResetTokens, plans, sessions, stores, users } from '../src/db/schema';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import { TestClient } from './helpers/test-client';

/*
 * User management: the admin's list, invitations (a link to choose a password, never a password
 * typed by the admin), changes, deactivation and deletion, and the rules that keep a company
 * with an active admin and within its plan. On PGlite and, with DATABASE_URL, PostgreSQL.
 */

let t: TestApp;
let admin: TestClient;
let demoId: string;
let acmeId: string;
let demoStores: string[];
let acmeStore: string;

beforeAll(async () => {
  t = await startTestApp({ env: { OUTBOX_VIEW: 'true' }, rateLimits: { loginPerMinute: 1000, resetRequestsPerMinute: 1000 } });
  admin = await signedIn('admin');
  demoId = (await admin.get('/api/me')).json().companyId as string;
  const acme = await signedIn('admin', 'acme.localhost');
  acmeId = (await acme.get('/api/me')).json().companyId as string;
  demoStores = (await storesOf(demoId)).sort();
  acmeStore = (await storesOf(acmeId))[0]!;
}, START_TIMEOUT_MS);
afterAll(() => t.close());

async function signedIn(username: string, host = 'demo.localhost', password?: string): Promise<TestClient> {
  const browser = new TestClient(t.app, host);
  const response = await browser.login(username, password);
  expect(response.statusCode).toBe(200);
  return browser;
}

async function storesOf(companyId: string): Promise<string[]> {
  const rows = await t.db.asOwnerForTenant(companyId, (tx) => tx.select({ id: stores.id }).from(stores).where(eq(stores.companyId, companyId)));
  return rows.map((row) => row.id);
}

function remove(browser: TestClient, id: string) {
  return browser.request('DELETE', `/api/users/${id}`);
}

let serial = 0;
/** A fresh username and e-mail each call. */
function newUser(overrides: Partial<UserBody> = {}): UserBody {
  serial += 1;
  return { username: `utente.${serial}`, email: `utente${serial}@example.it`, firstName: 'Carla', lastName: `Test ${serial}`, role: 'operator', ...overrides };
}

async function create(body: UserBody = newUser(), browser = admin): Promise<ManagedUser> {
  const response = await browser.post('/api/users', body);
  expect(response.statusCode).toBe(201);
  return managedUserSchema.parse(response.json());
}

async function outbox(host: string) {
  const response = await t.app.inject({ method: 'GET', url: '/api/dev/outbox', headers: { host } });
  return outboxSchema.parse(response.json()).messages;
}

/** The token of the newest e-mail to `email` (the outbox row is written with the user: no waiting). */
async function invitationToken(email: string, host = 'demo.localhost'): Promise<string> {
  const mail = (await outbox(host)).find((message) => message.to === email);
  const token = mail && /reimposta-password\?token=([\w-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no invitation to ${email}`);
  return token;
}

/** What the new user does with the e-mail: opens the link, chooses a password. */
async function choosePassword(token: string, password = 'Scelta-2026!', host = 'demo.localhost'): Promise<LightMyRequestResponse> {
  const browser = new TestClient(t.app, host);
  await browser.get('/api/me');
  return browser.post('/api/password-reset', { token, password });
}

async function activity(entityId: string) {
  const rows = await t.db.asOwnerForTenant(demoId, (tx) =>
    tx
      .select({ action: activityLog.action, entityType: activityLog.entityType, summary: activityLog.summary, userName: activityLog.userName })
      .from(activityLog)
      .where(and(eq(activityLog.companyId, demoId), eq(activityLog.entityId, entityId))),
  );
  return rows;
}

async function sessionCount(userId: string): Promise<number> {
  const rows = await t.db.asOwnerForTenant(demoId, (tx) => tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId)));
  return rows.length;
}

async function page(query: string, browser = admin): Promise<UsersPage> {
  const response = await browser.get(`/api/users${query}`);
  expect(response.statusCode).toBe(200);
  return usersPageSchema.parse(response.json());
}

/** Every user of the company: the suites make fewer than a page of 100. */
async function list(browser = admin): Promise<ManagedUser[]> {
  return (await page('?pageSize=100', browser)).items;
}

describe('who may call', () => {
  it('refuses an operator every route with 403, and a signed-out caller with 401', async () => {
    const operator = await signedIn('operatore');
    const [someone] = await list();
    const calls: [string, (browser: TestClient) => Promise<LightMyRequestResponse>][] = [
      ['GET /api/users', (b) => b.get('/api/users')],
      ['GET /api/users/:id', (b) => b.get(`/api/users/${someone!.id}`)],
      ['POST /api/users', (b) => b.post('/api/users', newUser())],
      ['POST /api/users/:id', (b) => b.post(`/api/users/${someone!.id}`, { active: false })],
      ['DELETE /api/users/:id', (b) => remove(b, someone!.id)],
    ];
    const signedOut = new TestClient(t.app, 'demo.localhost');
    await signedOut.get('/api/me');
    for (const [route, call] of calls) {
      const refused = await call(operator);
      expect({ route, status: refused.statusCode, body: refused.json() }).toEqual({
        route,
        status: 403,
        body: { statusCode: 403, error: 'Forbidden', message: IT_MANAGEMENT.forbidden },
      });
      expect({ route, status: (await call(signedOut)).statusCode }).toEqual({ route, status: 401 });
    }
    expect((await list()).map((user) => user.username)).toEqual(['admin', 'operatore']);
  });
});

describe('GET /api/users', () => {
  it("lists the company's users with their role, state and stores, and nobody else's", async () => {
    const listed = await list();
    expect(listed).toEqual([
      expect.objectContaining({ username: 'admin', email: 'admin@demo.incontra.local', role: 'admin', active: true, storeIds: [], passwordChosen: true }),
      expect.objectContaining({ username: 'operatore', firstName: 'Marco', lastName: 'Bianchi', role: 'operator', active: true, passwordChosen: true }),
    ]);
    const acme = await signedIn('admin', 'acme.localhost');
    expect((await list(acme)).map((user) => user.email)).toEqual(['admin@acme.incontra.local', 'operatore@acme.incontra.local']);
  });

  it('reads one user, and answers 404 for an id of another company or not an id at all', async () => {
    const [first] = await list();
    expect(managedUserSchema.parse((await admin.get(`/api/users/${first!.id}`)).json())).toEqual(first);
    const [acmeUser] = await list(await signedIn('admin', 'acme.localhost'));
    for (const id of [acmeUser!.id, 'nope', '00000000-0000-4000-8000-000000000000']) {
      const response = await admin.get(`/api/users/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(IT_USERS.errors.notFound);
    }
  });
});

describe('GET /api/users, a page at a time', () => {
  const badRequest = (field: string, message: string) => ({ statusCode: 400, error: 'Bad Request', message, field });

  /** 24 more users for Acme, straight into the table (past its plan's limit), taken away afterwards. */
  async function withManyAcmeUsers(run: (acme: TestClient) => Promise<void>): Promise<void> {
    const acme = await signedIn('admin', 'acme.localhost');
    const [{ passwordHash }] = (await t.db.asOwnerForTenant(acmeId, (tx) =>
      tx
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(and(eq(users.companyId, acmeId), eq(users.username, 'admin'))),
    )) as [{ passwordHash: string }];
    const rows = Array.from({ length: 24 }, (_, i) => ({
      companyId: acmeId,
      username: `pagina.${String(i).padStart(2, '0')}`,
      email: `p${String(23 - i).padStart(2, '0')}@acme.example`,
      passwordHash,
      role: 'operator',
      active: i % 5 !== 0,
      firstName: i === 7 ? 'Nicolò' : 'Anna',
      lastName: i === 7 ? 'Càrdini' : `Pagina ${i}`,
    }));
    const added = await t.db.asOwnerForTenant(acmeId, (tx) => tx.insert(users).values(rows).returning({ id: users.id }));
    try {
      await run(acme);
    } finally {
      await t.db.asOwnerForTenant(acmeId, (tx) =>
        tx.delete(users).where(
          inArray(
            users.id,
            added.map((row) => row.id),
          ),
        ),
      );
    }
  }

  it('answers one page with the total, pages that never overlap, and an empty page past the end', async () => {
    await withManyAcmeUsers(async (acme) => {
      const all = await page('?pageSize=100', acme);
      expect(all.total).toBe(26);
      expect(all.activeAdmins).toBe(1);
      // By username unless asked otherwise.
      const usernames = all.items.map((user) => user.username);
      expect(usernames).toEqual([...usernames].sort());

      const first = await page('', acme);
      expect({ size: first.items.length, total: first.total, page: first.page, pageSize: first.pageSize }).toEqual({
        size: 20,
        total: 26,
        page: 1,
        pageSize: 20,
      });
      const pages = [await page('?pageSize=10', acme), await page('?pageSize=10&page=2', acme), await page('?pageSize=10&page=3', acme)];
      expect(pages.map((one) => one.items.length)).toEqual([10, 10, 6]);
      expect(pages.flatMap((one) => one.items.map((user) => user.id))).toEqual(all.items.map((user) => user.id));
      // The last admin is counted on every page, also where no admin is listed.
      expect(pages[2]!.activeAdmins).toBe(1);

      const past = await page('?pageSize=10&page=4', acme);
      expect({ items: past.items, total: past.total }).toEqual({ items: [], total: 26 });
    });
  });

  it('searches username, e-mail and name with case and accents ignored, and takes % and _ as themselves', async () => {
    await withManyAcmeUsers(async (acme) => {
      for (const q of ['nicolo', 'NICOLÒ', 'cardini', 'Càrdini', 'pagina.07']) {
        const found = await page(`?q=${encodeURIComponent(q)}`, acme);
        expect({ q, found: found.items.map((user) => user.lastName), total: found.total }).toEqual({ q, found: ['Càrdini'], total: 1 });
      }
      expect((await page('?q=acme.example', acme)).total).toBe(24);
      for (const q of ['%', '_', 'pagina%07']) expect({ q, total: (await page(`?q=${encodeURIComponent(q)}`, acme)).total }).toEqual({ q, total: 0 });
      // Another company's users are never found.
      expect((await page('?q=pagina')).total).toBe(0);
    });
  });

  it('sorts by the column a header chose, both ways, and keeps the active users first by state', async () => {
    await withManyAcmeUsers(async (acme) => {
      const emails = (await page('?pageSize=100&sort=email&dir=desc', acme)).items.map((user) => user.email);
      expect(emails).toEqual([...emails].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? 1 : -1)));
      const byState = (await page('?pageSize=100&sort=status', acme)).items.map((user) => user.active);
      expect(byState).toEqual([...byState].sort((a, b) => Number(b) - Number(a)));
      expect(byState.filter((active) => !active)).toHaveLength(5);
      const byRole = (await page('?pageSize=100&sort=role', acme)).items.map((user) => user.role);
      expect(byRole[0]).toBe('admin');
      expect((await page('?pageSize=100&sort=role&dir=desc', acme)).items.at(-1)!.role).toBe('admin');
      const names = (await page('?pageSize=3&sort=name', acme)).items.map((user) => user.firstName);
      expect(names).toEqual(['Anna', 'Anna', 'Anna']);
    });
  });

  it('answers 400 naming the part of the query it refuses', async () => {
    const refusals: [string, string, string][] = [
      ['?page=0', 'page', IT_MANAGEMENT.listQuery.page],
      ['?page=due', 'page', IT_MANAGEMENT.listQuery.page],
      ['?page=1.5', 'page', IT_MANAGEMENT.listQuery.page],
      ['?pageSize=101', 'pageSize', IT_MANAGEMENT.listQuery.pageSize(100)],
      ['?pageSize=0', 'pageSize', IT_MANAGEMENT.listQuery.pageSize(100)],
      [`?q=${'x'.repeat(101)}`, 'q', IT_MANAGEMENT.listQuery.q(100)],
      ['?sort=password', 'sort', IT_MANAGEMENT.listQuery.sort],
      ['?sort=name&dir=up', 'dir', IT_MANAGEMENT.listQuery.dir],
    ];
    for (const [query, field, message] of refusals) {
      const response = await admin.get(`/api/users${query}`);
      expect({ query, status: response.statusCode, body: response.json() }).toEqual({ query, status: 400, body: badRequest(field, message) });
    }
  });
});

describe('the plan limit', () => {
  it("lets exactly one of 20 parallel creates through at one below Demo's limit (5), and no reactivation beyond it", async () => {
    const subscription = subscriptionSchema.parse((await admin.get('/api/subscription')).json());
    expect(subscription.plan.usersLimit).toBe(5);
    const activeCount = async () => (await list()).filter((user) => user.active).length;
    expect(await activeCount()).toBe(2);
    const parked = await create();
    expect((await admin.post(`/api/users/${parked.id}`, { active: false })).statusCode).toBe(200);
    await create();
    await create();
    expect(await activeCount()).toBe(4);

    const responses = await Promise.all(Array.from({ length: 20 }, () => admin.post('/api/users', newUser())));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 422)).toHaveLength(19);
    for (const refused of responses.filter((response) => response.statusCode === 422)) expect(refused.json().message).toBe(IT_MANAGEMENT.planLimit.users);
    expect(await activeCount()).toBe(5);
    expect(await list()).toHaveLength(6);

    const reactivation = await admin.post(`/api/users/${parked.id}`, { active: true });
    expect(reactivation.statusCode).toBe(422);
    expect(reactivation.json().message).toBe(IT_MANAGEMENT.planLimit.users);
    // Deactivated users do not count: with one deactivated, the parked one fits again.
    const operator = (await list()).find((user) => user.active && user.role === 'operator' && user.username !== 'operatore')!;
    expect((await admin.post(`/api/users/${operator.id}`, { active: false })).statusCode).toBe(200);
    expect((await admin.post(`/api/users/${parked.id}`, { active: true })).json()).toMatchObject({ active: true });
    const [row] = await t.db.asOwnerForTenant(demoId, (tx) => tx.select({ active: users.active }).from(users).where(eq(users.id, parked.id)));
    expect(row).toEqual({ active: true });
  });

  afterAll(async () => {
    // The other tests are not about the plan: they get all the room they need.
    await t.db.asOwner((tx) => tx.update(plans).set({ usersLimit: -1 }).where(eq(plans.id, 'pro-trial')));
  });
});

describe('POST /api/users (an invitation)', () => {
  it('creates the user with their stores, mails a link valid 7 days, and sign-in works only once a password is chosen', async () => {
    const body = newUser({ username: '  nuovo.Operatore ', email: 'Nuovo.Operatore@Example.it', storeIds: [demoStores[1]!, demoStores[0]!, demoStores[1]!] });
    const created = await create(body);
    expect(created).toMatchObject({
      username: 'nuovo.Operatore',
      email: 'Nuovo.Operatore@Example.it',
      role: 'operator',
      active: true,
      passwordChosen: false,
      storeIds: demoStores.slice(0, 2).sort(),
    });

    const [mail] = await outbox('demo.localhost');
    expect(mail).toMatchObject({ to: 'Nuovo.Operatore@Example.it', subject: IT_USERS.mail.invitationSubject('Demo') });
    expect(mail!.text).toContain('«nuovo.Operatore»');
    const link = /^http\S+$/m.exec(mail!.text)?.[0] ?? '';
    expect(new URL(link)).toMatchObject({ hostname: 'demo.localhost', pathname: ROUTES.passwordReset });
    expect(new URL(link).searchParams.get('token')).toMatch(/^[\w-]{43}$/);
    const [token] = await t.db.asOwnerForTenant(demoId, (tx) => tx.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, created.id)));
    expect(token!.expiresAt.getTime() - token!.createdAt.getTime()).toBe(INVITATION_TTL_MS);

    // Nobody can sign in before the password is chosen: not with an empty one, not with a guess.
    for (const password of ['', 'Incontra2026!', 'password']) {
      const attempt = new TestClient(t.app, 'demo.localhost');
      expect((await attempt.login('nuovo.operatore', password)).statusCode).not.toBe(200);
    }

    expect((await choosePassword(await invitationToken(body.email))).statusCode).toBe(200);
    await signedIn('nuovo.operatore', 'demo.localhost', 'Scelta-2026!');
    expect(managedUserSchema.parse((await admin.get(`/api/users/${created.id}`)).json()).passwordChosen).toBe(true);
    expect(await activity(created.id)).toEqual([
      { action: 'create', entityType: 'user', summary: IT_USERS.activity.created(`Carla ${created.lastName}`), userName: 'Anna Rossi' },
    ]);
  });

  it('refuses bad fields with 400 naming the field, and creates nothing', async () => {
    const before = (await list()).length;
    const mails = (await outbox('demo.localhost')).length;
    const cases: [Partial<UserBody> | Record<string, unknown>, string, string][] = [
      [{ username: 'ab' }, 'username', IT_USERS.validation.usernameInvalid],
      [{ username: 'con spazio' }, 'username', IT_USERS.validation.usernameInvalid],
      [{ username: 'a'.repeat(51) }, 'username', IT_USERS.validation.usernameInvalid],
      [{ username: 'àccento' }, 'username', IT_USERS.validation.usernameInvalid],
      [{ email: 'non-una-mail' }, 'email', IT_USERS.validation.emailInvalid],
      [{ firstName: 'x'.repeat(101) }, 'firstName', IT_USERS.validation.firstNameInvalid],
      [{ lastName: 'x'.repeat(101) }, 'lastName', IT_USERS.validation.lastNameInvalid],
      [{ role: 'owner' }, 'role', IT_USERS.validation.roleInvalid],
      [{ storeIds: ['non-un-id'] }, 'storeIds', IT_USERS.validation.storeIdsInvalid],
    ];
    for (const [fields, field, message] of cases) {
      const response = await admin.post('/api/users', { ...newUser(), ...fields });
      expect({ fields, status: response.statusCode, body: response.json() }).toEqual({
        fields,
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message, field },
      });
    }
    // Ids of a store that does not exist, or of another company's store.
    for (const storeIds of [['00000000-0000-4000-8000-000000000000'], [demoStores[0]!, acmeStore]]) {
      const response = await admin.post('/api/users', newUser({ storeIds }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field: 'storeIds', message: IT_USERS.validation.storeIdsInvalid });
    }
    expect(await list()).toHaveLength(before);
    expect(await outbox('demo.localhost')).toHaveLength(mails);
  });

  it('refuses a username or e-mail already used in the company, whatever its case, with 409; another company may use them', async () => {
    const before = (await list()).length;
    const byName = await admin.post('/api/users', newUser({ username: 'OPERATORE' }));
    expect(byName.statusCode).toBe(409);
    expect(byName.json()).toMatchObject({ field: 'username', message: IT_USERS.errors.usernameTaken });
    const byEmail = await admin.post('/api/users', newUser({ email: 'Operatore@Demo.Incontra.Local' }));
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json()).toMatchObject({ field: 'email', message: IT_USERS.errors.emailTaken });
    expect(await list()).toHaveLength(before);

    const acme = await signedIn('admin', 'acme.localhost');
    const elsewhere = await acme.post('/api/users', newUser({ username: 'operatore.demo', email: 'operatore@demo.incontra.local' }));
    expect(elsewhere.statusCode).toBe(201);
  });
});

describe('POST /api/users/{id}', () => {
  it('changes the fields given and keeps the others, recording what changed', async () => {
    const user = await create(newUser({ storeIds: [demoStores[0]!] }));
    const response = await admin.post(`/api/users/${user.id}`, { firstName: 'Giulia', lastName: '', role: 'admin', storeIds: [demoStores[1]!] });
    expect(response.statusCode).toBe(200);
    expect(managedUserSchema.parse(response.json())).toEqual({ ...user, firstName: 'Giulia', lastName: null, role: 'admin', storeIds: [demoStores[1]!] });
    const renamed = await admin.post(`/api/users/${user.id}`, { username: 'giulia.admin' });
    expect(renamed.json()).toMatchObject({ username: 'giulia.admin', email: user.email, firstName: 'Giulia' });
    expect((await activity(user.id)).map((line) => line.summary)).toEqual([
      IT_USERS.activity.created(`Carla ${user.lastName}`),
      IT_USERS.activity.updated('Giulia'),
      IT_USERS.activity.updated('Giulia'),
    ]);
  });

  it('refuses a taken username or e-mail (409), unknown stores (400) and ids of other companies (404), changing nothing', async () => {
    const user = await create();
    expect((await admin.post(`/api/users/${user.id}`, { username: 'Admin' })).json()).toMatchObject({ statusCode: 409, field: 'username' });
    expect((await admin.post(`/api/users/${user.id}`, { email: 'ADMIN@demo.incontra.local' })).json()).toMatchObject({ statusCode: 409, field: 'email' });
    expect((await admin.post(`/api/users/${user.id}`, { storeIds: [acmeStore] })).json()).toMatchObject({ statusCode: 400, field: 'storeIds' });
    expect((await admin.post(`/api/users/${user.id}`, { active: 'no' })).json()).toMatchObject({ statusCode: 400, field: 'active' });
    // Its own username in another case is a change, not a clash.
    expect((await admin.post(`/api/users/${user.id}`, { username: user.username.toUpperCase() })).statusCode).toBe(200);
    const [acmeUser] = await list(await signedIn('admin', 'acme.localhost'));
    const foreign = await admin.post(`/api/users/${acmeUser!.id}`, { firstName: 'Preso' });
    expect(foreign.statusCode).toBe(404);
    expect((await remove(admin, acmeUser!.id)).statusCode).toBe(404);
    expect((await list(await signedIn('admin', 'acme.localhost')))[0]).toEqual(acmeUser);
    expect(managedUserSchema.parse((await admin.get(`/api/users/${user.id}`)).json())).toEqual({ ...user, username: user.username.toUpperCase() });
  });

  it('resends the invitation on request (the older link stops working), and to a corrected e-mail by itself', async () => {
    const user = await create();
    const first = await invitationToken(user.email);
    const resent = await admin.post(`/api/users/${user.id}`, { sendInvitation: true });
    expect(resent.statusCode).toBe(200);
    const second = await invitationToken(user.email);
    expect(second).not.toBe(first);
    expect((await choosePassword(first)).json()).toMatchObject({ statusCode: 422, message: IT_BACKOFFICE.resetInvalid });

    await admin.post(`/api/users/${user.id}`, { email: 'corretta@example.it' });
    expect((await choosePassword(second)).statusCode).toBe(422);
    expect((await choosePassword(await invitationToken('corretta@example.it'))).statusCode).toBe(200);

    const chosen = await admin.post(`/api/users/${user.id}`, { sendInvitation: true });
    expect(chosen.statusCode).toBe(422);
    expect(chosen.json().message).toBe(IT_USERS.errors.invitationNotNeeded);
  });
});

describe('deactivating and deleting', () => {
  it("ends a deactivated user's sessions at once; reactivated, they sign in again", async () => {
    const user = await create();
    expect((await choosePassword(await invitationToken(user.email))).statusCode).toBe(200);
    const browser = await signedIn(user.username, 'demo.localhost', 'Scelta-2026!');
    expect((await browser.get('/api/me')).statusCode).toBe(200);

    const response = await admin.post(`/api/users/${user.id}`, { active: false });
    expect(response.json()).toMatchObject({ active: false });
    expect(await sessionCount(user.id)).toBe(0);
    expect((await browser.get('/api/subscription')).statusCode).toBe(401);
    expect((await new TestClient(t.app).login(user.username, 'Scelta-2026!')).statusCode).toBe(401);
    const invitation = await admin.post(`/api/users/${user.id}`, { sendInvitation: true });
    expect(invitation.json().message).toBe(IT_USERS.errors.invitationInactive);

    expect((await admin.post(`/api/users/${user.id}`, { active: true })).json()).toMatchObject({ active: true });
    await signedIn(user.username, 'demo.localhost', 'Scelta-2026!');
    expect((await activity(user.id)).map((line) => line.summary).slice(-2)).toEqual([
      IT_USERS.activity.deactivated(`Carla ${user.lastName}`),
      IT_USERS.activity.reactivated(`Carla ${user.lastName}`),
    ]);
  });

  it('deletes a user with their sessions and stores; their id is then unknown', async () => {
    const user = await create(newUser({ storeIds: [demoStores[0]!] }));
    expect((await choosePassword(await invitationToken(user.email))).statusCode).toBe(200);
    const browser = await signedIn(user.username, 'demo.localhost', 'Scelta-2026!');
    const response = await remove(admin, user.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await sessionCount(user.id)).toBe(0);
    expect((await browser.get('/api/subscription')).statusCode).toBe(401);
    expect((await admin.get(`/api/users/${user.id}`)).statusCode).toBe(404);
    expect((await remove(admin, user.id)).statusCode).toBe(404);
    expect((await activity(user.id)).at(-1)).toMatchObject({ action: 'delete', summary: IT_USERS.activity.deleted(`Carla ${user.lastName}`) });
  });

  it('refuses anyone deleting or deactivating themselves, and demoting the last active admin', async () => {
    const me = (await list()).find((user) => user.username === 'admin')!;
    // Earlier tests made other admins: they step down, so that this one is the last.
    for (const user of await list()) {
      if (user.role === 'admin' && user.id !== me.id) expect((await admin.post(`/api/users/${user.id}`, { role: 'operator' })).statusCode).toBe(200);
    }
    const cases: [unknown, string][] = [
      [{ active: false }, IT_USERS.errors.selfDeactivate],
      [{ role: 'operator' }, IT_USERS.errors.lastAdminDemote],
    ];
    for (const [body, message] of cases) {
      const response = await admin.post(`/api/users/${me.id}`, body);
      expect({ status: response.statusCode, message: response.json().message }).toEqual({ status: 422, message });
    }
    const deletion = await remove(admin, me.id);
    expect({ status: deletion.statusCode, message: deletion.json().message }).toEqual({ status: 422, message: IT_USERS.errors.selfDelete });
    expect((await list()).find((user) => user.id === me.id)).toEqual(me);
  });
});

describe('two admins at once (Acme)', () => {
  /** Acme's one active admin, whoever won the last race. */
  let lead: { browser: TestClient; id: string };

  beforeAll(async () => {
    const browser = await signedIn('admin', 'acme.localhost');
    lead = { browser, id: (await browser.get('/api/me')).json().id as string };
  });

  async function secondAdmin(): Promise<{ browser: TestClient; id: string }> {
    const user = await create(newUser({ role: 'admin' }), lead.browser);
    expect((await choosePassword(await invitationToken(user.email, 'acme.localhost'), 'Scelta-2026!', 'acme.localhost')).statusCode).toBe(200);
    return { browser: await signedIn(user.username, 'acme.localhost', 'Scelta-2026!'), id: user.id };
  }

  async function activeAdmins(): Promise<string[]> {
    const rows = await t.db.asOwnerForTenant(acmeId, (tx) =>
      tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.companyId, acmeId), eq(users.role, 'admin'), eq(users.active, true))),
    );
    return rows.map((row) => row.id);
  }

  it.each([
    ['deactivate', (browser: TestClient, id: string) => browser.post(`/api/users/${id}`, { active: false })],
    ['demote', (browser: TestClient, id: string) => browser.post(`/api/users/${id}`, { role: 'operator' })],
    ['delete', (browser: TestClient, id: string) => remove(browser, id)],
  ])('%s each other at the same time: exactly one wins, an active admin remains', async (_name, act) => {
    const other = await secondAdmin();
    expect((await activeAdmins()).sort()).toEqual([lead.id, other.id].sort());
    const [mine, theirs] = await Promise.all([act(lead.browser, other.id), act(other.browser, lead.id)]);
    const won = [mine, theirs].filter((response) => response.statusCode === 200);
    expect(won).toHaveLength(1);
    // The loser is refused as the last admin (422), or its session or role was already gone (401, 403).
    const lost = mine.statusCode === 200 ? theirs : mine;
    expect([401, 403, 422]).toContain(lost.statusCode);
    const winner = mine.statusCode === 200 ? lead : other;
    expect(await activeAdmins()).toEqual([winner.id]);
    lead = winner;
  });
});
