import { and, eq, sql } from 'drizzle-orm';
import { activityRetentionSchema, type ActivityRetention } from '@incontra/contracts/api/activity';
import { IT_ACTIVITY } from '@incontra/contracts/messages/it-activity';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { sweepExpiredActivity } from '../src/activity/retention';
import { activityLog, activitySettings } from '../src/db/schema';
import { startLobbyApp, type LobbyTestApp } from './helpers/lobby-fixtures';
import { START_TIMEOUT_MS } from './helpers/test-app';
import type { TestClient } from './helpers/test-client';

/*
 * The activity log's retention: GET/PUT /api/activity/retention (admins), and the sweep that
 * deletes the entries past it, run by hand with the test clock. Entries are written straight into
 * the table with chosen ages.
 */

const DAY_MS = 24 * 3600_000;
/** A batch of the sweep is 500: more than two batches of entries 100 days old. */
const BACKLOG = 1100;

let t: LobbyTestApp;
let demoAdmin: TestClient;
let acmeAdmin: TestClient;
beforeAll(async () => {
  t = await startLobbyApp();
  demoAdmin = await t.staff('admin');
  acmeAdmin = await t.staff('admin', 'acme.localhost');
}, START_TIMEOUT_MS);
afterAll(() => t.close());

/** Writes entries `ageDays` old (by the test clock), `count` of each age; answers their summaries. */
async function writeEntries(companyId: string, ageDays: number[], count = 1): Promise<void> {
  const now = t.clock.now().getTime();
  const rows = ageDays.flatMap((age) =>
    Array.from({ length: count }, () => ({
      companyId,
      userName: 'Anna Rossi',
      action: 'update',
      entityType: 'room',
      summary: `${age} giorni fa`,
      createdAt: new Date(now - age * DAY_MS),
    })),
  );
  await t.db.asOwnerForTenant(companyId, (tx) => tx.insert(activityLog).values(rows));
}

/** How many entries of each summary the company keeps (the retention's own lines left out). */
async function agesKept(companyId: string): Promise<Record<string, number>> {
  const rows = await t.db.asOwnerForTenant(companyId, (tx) =>
    tx
      .select({ summary: activityLog.summary, count: sql<number>`count(*)::int` })
      .from(activityLog)
      .where(and(eq(activityLog.companyId, companyId), sql`${activityLog.summary} like '% giorni fa'`))
      .groupBy(activityLog.summary),
  );
  return Object.fromEntries(rows.map((row) => [row.summary, row.count]));
}

async function retentionOf(client: TestClient): Promise<ActivityRetention> {
  const response = await client.get('/api/activity/retention');
  expect(response.statusCode).toBe(200);
  return activityRetentionSchema.parse(response.json());
}

const sweep = () => sweepExpiredActivity({ db: t.db, clock: t.clock.now });

describe('the activity log’s retention', () => {
  beforeAll(async () => {
    await writeEntries(t.seeded.demoId, [10, 89, 91, 200, 400, 800]);
    await writeEntries(t.seeded.demoId, [100], BACKLOG);
    await writeEntries(t.seeded.acmeId, [10, 200, 400, 800]);
  });

  it('keeps everything by default: the setting reads «for ever», and a sweep deletes nothing', async () => {
    expect(await retentionOf(demoAdmin)).toEqual({
      retentionDays: null,
      olderThan: [
        { days: 90, entries: 4 + BACKLOG },
        { days: 180, entries: 3 },
        { days: 365, entries: 2 },
        { days: 730, entries: 1 },
      ],
    });
    expect(await sweep()).toBe(0);
    expect(await agesKept(t.seeded.demoId)).toMatchObject({ '800 giorni fa': 1, '100 giorni fa': BACKLOG });
  });

  it('refuses a choice outside the list, with the Italian message, and changes nothing', async () => {
    for (const body of [{ retentionDays: 30 }, { retentionDays: '90' }, { retentionDays: 90.5 }, { retentionDays: 0 }]) {
      const response = await demoAdmin.put('/api/activity/retention', body);
      expect({ body, status: response.statusCode, message: response.json().message }).toEqual({
        body,
        status: 400,
        message: IT_ACTIVITY.validation.retentionInvalid,
      });
    }
    expect((await demoAdmin.put('/api/activity/retention', {})).statusCode).toBe(400);
    expect((await retentionOf(demoAdmin)).retentionDays).toBeNull();
    const rows = await t.db.asOwnerForTenant(t.seeded.demoId, (tx) => tx.select().from(activitySettings));
    expect(rows).toEqual([]);
  });

  it('is the admins’: an operator may neither read nor change it', async () => {
    const operator = await t.staff('operatore');
    for (const response of [await operator.get('/api/activity/retention'), await operator.put('/api/activity/retention', { retentionDays: 90 })]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(IT_MANAGEMENT.forbidden);
    }
    expect((await retentionOf(demoAdmin)).retentionDays).toBeNull();
  });

  it('saves a choice per company, logs it, and the sweep deletes only that company’s entries past it, in batches', async () => {
    const saved = await demoAdmin.put('/api/activity/retention', { retentionDays: 90 });
    expect(saved.statusCode).toBe(200);
    expect(activityRetentionSchema.parse(saved.json()).retentionDays).toBe(90);
    const log = (await demoAdmin.get('/api/activity')).json();
    expect(log.entries[0]).toMatchObject({ action: 'update', entityType: 'company', summary: IT_ACTIVITY.retention.activity(IT_ACTIVITY.retention.days(90)) });
    // Acme's setting is its own.
    expect((await retentionOf(acmeAdmin)).retentionDays).toBeNull();

    expect(await sweep()).toBe(4 + BACKLOG);
    expect(await agesKept(t.seeded.demoId)).toEqual({ '10 giorni fa': 1, '89 giorni fa': 1 });
    expect(await agesKept(t.seeded.acmeId)).toEqual({ '10 giorni fa': 1, '200 giorni fa': 1, '400 giorni fa': 1, '800 giorni fa': 1 });
    expect((await retentionOf(demoAdmin)).olderThan.map((choice) => choice.entries)).toEqual([0, 0, 0, 0]);

    // Time goes on: the 89-day-old entry falls past the retention at the next sweep, not before.
    expect(await sweep()).toBe(0);
    t.clock.advance(2 * DAY_MS);
    expect(await sweep()).toBe(1);
    expect(await agesKept(t.seeded.demoId)).toEqual({ '10 giorni fa': 1 });
  });

  it('sweeps each company by its own choice, and «for ever» again stops the sweep', async () => {
    // Two days went by: signed in again.
    demoAdmin = await t.staff('admin');
    acmeAdmin = await t.staff('admin', 'acme.localhost');
    expect((await acmeAdmin.put('/api/activity/retention', { retentionDays: 365 })).statusCode).toBe(200);
    expect((await retentionOf(demoAdmin)).retentionDays).toBe(90);
    await writeEntries(t.seeded.demoId, [120]);
    expect((await demoAdmin.put('/api/activity/retention', { retentionDays: null })).statusCode).toBe(200);

    expect(await sweep()).toBe(2);
    expect(await agesKept(t.seeded.acmeId)).toEqual({ '10 giorni fa': 1, '200 giorni fa': 1 });
    expect(await agesKept(t.seeded.demoId)).toEqual({ '10 giorni fa': 1, '120 giorni fa': 1 });
  });

  it('leaves the log append-only for the application: only the retention deletes, and only in the tenant’s company', async () => {
    const demoId = t.seeded.demoId;
    const acmeId = t.seeded.acmeId;
    const farFuture = new Date(Date.UTC(2099, 0, 1)).toISOString();
    const expire = (tenantId: string, companyId: string) =>
      t.db.withTenant(tenantId, (tx) => tx.execute(sql`select expire_activity_log(${companyId}::uuid, ${farFuture}::timestamptz, 1000)`));
    // Demo keeps its entries for ever: however late the hour, none is past its retention.
    await expire(demoId, demoId);
    // Acme keeps 365 days, and every entry is past them in 2099, but Demo's tenant does not see Acme's entries.
    await expire(demoId, acmeId);
    expect(await agesKept(acmeId)).toEqual({ '10 giorni fa': 1, '200 giorni fa': 1 });
    expect(await agesKept(demoId)).toEqual({ '10 giorni fa': 1, '120 giorni fa': 1 });
    // Acme's own tenant: all of them go.
    await expire(acmeId, acmeId);
    expect(await agesKept(acmeId)).toEqual({});
  });
});
