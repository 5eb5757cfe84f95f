import { and, eq, sql } from 'drizzle-orm';
import { meSchema } from '@incontra/contracts/api/auth';
import { usersPageSchema } from '@incontra/contracts/api/users';
import { COMPANY_CACHE_TTL_MS } from '../src/cache/company-cache';
import { markCompanyChanged } from '../src/db/database';
import { users } from '../src/db/schema';
import { seedDatabase } from '../src/seed/seed';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import { TestClient } from './helpers/test-client';

/*
 * What a process keeps of a company (its staff sessions, its lists' pages) is dropped by every
 * committed change that marks the company: here the marks themselves, and that the kept reads are
 * really answered from memory until then (the test clock stands still unless a test moves it).
 */
let t: TestApp;
let demoId: string;
let acmeId: string;
beforeAll(async () => {
  t = await startTestApp();
  const ids = await seedDatabase(t.db, t.clock.now());
  demoId = ids.demo!;
  acmeId = ids.acme!;
}, START_TIMEOUT_MS);
afterAll(() => t.close());

async function signedIn(username = 'admin'): Promise<TestClient> {
  const client = new TestClient(t.app, 'demo.localhost');
  expect((await client.login(username)).statusCode).toBe(200);
  return client;
}

/** A change no service makes: a staff member's first name written straight into the table. */
function renameBehindTheAppsBack(username: string, firstName: string): Promise<unknown> {
  return t.db.withTenant(demoId, (tx) =>
    tx
      .update(users)
      .set({ firstName })
      .where(and(eq(users.companyId, demoId), eq(users.username, username))),
  );
}

describe('changes marked in a transaction', () => {
  it('are heard once per company after the commit, never inside the transaction', async () => {
    const heard: string[] = [];
    const stop = t.db.onCommittedChange((companyId) => heard.push(companyId));
    try {
      await t.db.withTenant(demoId, async (tx) => {
        markCompanyChanged(tx, demoId);
        markCompanyChanged(tx, demoId);
        await tx.execute(sql`select 1`);
        expect(heard).toEqual([]);
      });
      expect(heard).toEqual([demoId]);
    } finally {
      stop();
    }
    await t.db.withTenant(acmeId, async (tx) => markCompanyChanged(tx, acmeId));
    expect(heard).toEqual([demoId]);
  });

  it('are not heard for a transaction that rolled back', async () => {
    const heard: string[] = [];
    const stop = t.db.onCommittedChange((companyId) => heard.push(companyId));
    try {
      await expect(
        t.db.withTenant(demoId, async (tx) => {
          markCompanyChanged(tx, demoId);
          throw new Error('the write failed');
        }),
      ).rejects.toThrow('the write failed');
      expect(heard).toEqual([]);
    } finally {
      stop();
    }
  });

  it('cannot be made on a savepoint, which would lose them', async () => {
    await expect(t.db.withTenant(demoId, (tx) => tx.transaction(async (savepoint) => markCompanyChanged(savepoint, demoId)))).rejects.toThrow(
      'markCompanyChanged outside a transaction opened by Database',
    );
  });

  it('are made by provisioning (the owner role) whatever it does', async () => {
    const heard: string[] = [];
    const stop = t.db.onCommittedChange((companyId) => heard.push(companyId));
    try {
      await t.db.asOwnerForTenant(acmeId, (tx) => tx.execute(sql`select 1`));
    } finally {
      stop();
    }
    expect(heard).toEqual([acmeId]);
  });
});

describe('the kept reads', () => {
  it('answer a session and a list page from memory until a marked change, or at worst until they expire', async () => {
    const admin = await signedIn('admin');
    const me = async () => meSchema.parse((await admin.get('/api/me')).json());
    const operatorName = async () =>
      usersPageSchema.parse((await admin.get('/api/users')).json()).items.find((user) => user.username === 'operatore')?.firstName;
    expect((await me()).firstName).toBe('Anna');
    expect(await operatorName()).toBe('Marco');

    // Unmarked, as a write behind the app's back would be: the kept session and page still answer.
    await renameBehindTheAppsBack('admin', 'Annalisa');
    await renameBehindTheAppsBack('operatore', 'Marcello');
    expect((await me()).firstName).toBe('Anna');
    expect(await operatorName()).toBe('Marco');

    // The bound that holds with a broker down: read afresh once the entries expire.
    t.clock.advance(COMPANY_CACHE_TTL_MS);
    expect((await me()).firstName).toBe('Annalisa');
    expect(await operatorName()).toBe('Marcello');

    // A service's write marks the company: the next read is afresh, the clock standing still.
    const operator = usersPageSchema.parse((await admin.get('/api/users')).json()).items.find((user) => user.username === 'operatore')!;
    expect((await admin.post(`/api/users/${operator.id}`, { firstName: 'Mario' })).statusCode).toBe(200);
    expect(await operatorName()).toBe('Mario');
    expect((await admin.put('/api/me', { email: 'admin@demo.incontra.local', firstName: 'Anna', lastName: 'Rossi' })).statusCode).toBe(200);
    expect((await me()).firstName).toBe('Anna');
  });

  it('end a session at once when it is signed out, and a deactivated user at once', async () => {
    const admin = await signedIn('admin');
    const operator = await signedIn('operatore');
    expect((await operator.get('/api/me')).statusCode).toBe(200);
    const elsewhere = new TestClient(t.app, 'demo.localhost');
    for (const [name, value] of operator.cookies) elsewhere.cookies.set(name, value);
    expect((await elsewhere.get('/api/me')).statusCode).toBe(200);

    expect((await operator.post('/api/logout')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/me')).statusCode).toBe(401);

    const again = await signedIn('operatore');
    expect((await again.get('/api/me')).statusCode).toBe(200);
    const id = usersPageSchema.parse((await admin.get('/api/users')).json()).items.find((user) => user.username === 'operatore')!.id;
    expect((await admin.post(`/api/users/${id}`, { active: false })).statusCode).toBe(200);
    expect((await again.get('/api/me')).statusCode).toBe(401);
    expect((await admin.post(`/api/users/${id}`, { active: true })).statusCode).toBe(200);
  });
});
