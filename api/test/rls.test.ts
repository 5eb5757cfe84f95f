import { eq, sql } from 'drizzle-orm';
import { companies, mailOutbox, rooms, sessions, slotSchedules, stores, users } from '../src/db/schema';
import { seedDatabase } from '../src/seed/seed';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';

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

/** The database's own words for refusing `work` (drizzle wraps them in its "Failed query"). */
async function refusal(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof Error)) throw new Error('the database did not refuse');
  return error.cause instanceof Error ? `${error.message} ${error.cause.message}` : error.message;
}

describe('row-level security', () => {
  it('forces row-level security on every table that holds a company_id', async () => {
    const rows = (await t.db.asOwner((tx) =>
      tx.execute(sql`
        select c.relname as name, c.relrowsecurity as enabled, c.relforcerowsecurity as forced
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r'
          and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped)`),
    )) as unknown as { rows: { name: string; enabled: boolean; forced: boolean }[] };
    const tables = rows.rows;
    expect(tables.map((table) => table.name)).toContain('login_throttles');
    // company_hosts is the one exception: public routing data read before the tenant is known.
    expect(tables.filter((table) => !table.enabled || !table.forced).map((table) => table.name)).toEqual(['company_hosts']);
  });

  it('runs application queries as the non-owner role', async () => {
    const rows = await t.db.withTenant(demoId, (tx) => tx.execute(sql`select current_user as role`));
    expect(JSON.stringify(rows)).toContain('incontra_app');
  });

  it('shows no tenant rows to the application role without the tenant setting', async () => {
    await t.db.withoutTenant(async (tx) => {
      expect(await tx.select().from(stores)).toHaveLength(0);
      expect(await tx.select().from(users)).toHaveLength(0);
      expect(await tx.select().from(rooms)).toHaveLength(0);
      expect(await tx.select().from(companies)).toHaveLength(0);
      expect(await tx.select().from(sessions)).toHaveLength(0);
    });
    // The rows exist: the owner (a superuser here) sees them all.
    const all = await t.db.asOwner((tx) => tx.select({ id: stores.id }).from(stores));
    expect(all.length).toBe(3);
  });

  it("confines a query that forgets its company filter to the tenant's rows", async () => {
    const demoStores = await t.db.withTenant(demoId, (tx) => tx.select().from(stores));
    expect(demoStores.map((store) => store.name).sort()).toEqual(['Milano Centro', 'Roma Termini']);
    const acmeUsers = await t.db.withTenant(acmeId, (tx) => tx.select().from(users));
    expect(acmeUsers.map((user) => user.email).sort()).toEqual(['admin@acme.incontra.local', 'operatore@acme.incontra.local']);
  });

  it("refuses to write a row into another company's tenant", async () => {
    expect(await refusal(t.db.withTenant(demoId, (tx) => tx.insert(stores).values({ companyId: acmeId, name: 'Intruso' })))).toMatch(
      /new row violates row-level security policy for table "stores"/,
    );
    await expect(
      t.db.withTenant(demoId, (tx) => tx.update(users).set({ firstName: 'X' }).where(eq(users.companyId, acmeId)).returning()),
    ).resolves.toHaveLength(0);
  });

  it('keeps the application role out of provisioning tables', async () => {
    expect(await refusal(t.db.withTenant(demoId, (tx) => tx.delete(companies).where(eq(companies.id, demoId))))).toMatch(
      /permission denied for table companies/,
    );
    await expect(
      t.db.withTenant(demoId, (tx) =>
        tx.insert(mailOutbox).values({ companyId: demoId, to: 'a@b.c', subject: 's', text: 't' }).returning({ to: mailOutbox.to }),
      ),
    ).resolves.toEqual([{ to: 'a@b.c' }]);
  });
});

describe('demo seed', () => {
  it('seeds the weekly schedule of every room and is idempotent', async () => {
    const count = async () =>
      t.db.asOwner(async (tx) => ({
        slots: (await tx.select().from(slotSchedules)).length,
        users: (await tx.select().from(users)).length,
        stores: (await tx.select().from(stores)).length,
        companies: (await tx.select().from(companies)).length,
      }));
    const before = await count();
    expect(before).toEqual({ slots: 40, users: 4, stores: 3, companies: 2 });
    const mondayDemo = await t.db.withTenant(demoId, (tx) => tx.select().from(slotSchedules).where(eq(slotSchedules.weekday, 1)));
    expect(mondayDemo.map((slot) => `${slot.startTime}-${slot.endTime}`)).toContain('09:00:00-13:00:00');
    await seedDatabase(t.db, t.clock.now());
    expect(await count()).toEqual(before);
  });
});
