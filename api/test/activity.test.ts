import { eq, sql } from 'drizzle-orm';
import { ACTIVITY_PAGE_SIZE, activityPageSchema, type ActivityEntity, type ActivityPage } from '@incontra/contracts/api/activity';
import { IT_ACTIVITY } from '@incontra/contracts/messages/it-activity';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { activityLog } from '../src/db/schema';
import { startLobbyApp, type LobbyTestApp } from './helpers/lobby-fixtures';
import { START_TIMEOUT_MS } from './helpers/test-app';
import { TestClient } from './helpers/test-client';

/*
 * GET /api/activity: the company's log, newest first, 50 at a time, by user and by kind of
 * element. The entries below are written straight into the table with chosen times, so that a
 * page ends inside a run of entries sharing one instant, and inside one millisecond.
 */

interface Written {
  id: string;
  createdAt: string;
  userId: string;
  entityType: ActivityEntity;
}

const TOTAL = 120;
const ENTITIES: ActivityEntity[] = ['room', 'store', 'translation'];

/** Entry i (0 the newest): one second apart, except a run sharing an instant across the first page's end, and a millisecond split by microseconds across the second's. */
function createdAtOf(i: number): string {
  const second = i >= 40 && i < 60 ? 40 : i;
  const micro = i >= 95 && i < 105 ? 123_999 - (i - 95) : 0;
  const date = new Date(Date.UTC(2026, 1, 28, 12, 0, 0) - second * 1000);
  return `${date.toISOString().slice(0, 19)}.${String(micro).padStart(6, '0')}Z`;
}

let t: LobbyTestApp;
let anna: TestClient;
let annaId: string;
let marcoId: string;
let written: Written[];
beforeAll(async () => {
  t = await startLobbyApp();
  anna = await t.staff('admin');
  annaId = await t.userId(t.seeded.demoId, 'admin');
  marcoId = await t.userId(t.seeded.demoId, 'operatore');
  const demoId = t.seeded.demoId;
  const existing = await t.db.asOwnerForTenant(demoId, (tx) => tx.select({ id: activityLog.id }).from(activityLog).where(eq(activityLog.companyId, demoId)));
  expect(existing).toEqual([]);

  const rows = Array.from({ length: TOTAL }, (_, i) => ({
    userId: i % 4 === 0 ? marcoId : annaId,
    userName: i % 4 === 0 ? 'Marco Bianchi' : 'Anna Rossi',
    entityType: ENTITIES[i % 3]!,
    createdAt: createdAtOf(i),
  }));
  written = await t.db.asOwnerForTenant(demoId, (tx) =>
    tx
      .insert(activityLog)
      .values(
        rows.map((row, i) => ({
          companyId: demoId,
          userId: row.userId,
          userName: row.userName,
          action: 'update',
          entityType: row.entityType,
          entityId: null,
          summary: `Voce ${i}`,
          createdAt: sql`${row.createdAt}::timestamptz` as unknown as Date,
        })),
      )
      .returning({ id: activityLog.id })
      .then((ids) => ids.map(({ id }, i) => ({ id, ...rows[i]! }))),
  );
  // Acme's entries are newer than all of Demo's: they would come first if they leaked.
  const acmeId = t.seeded.acmeId;
  await t.db.asOwnerForTenant(acmeId, (tx) =>
    tx.insert(activityLog).values(
      Array.from({ length: 3 }, (_, i) => ({
        companyId: acmeId,
        userId: null,
        userName: 'Luca Verdi',
        action: 'create',
        entityType: 'room',
        entityId: null,
        summary: `Acme ${i}`,
      })),
    ),
  );
}, START_TIMEOUT_MS);
afterAll(() => t.close());

/** Newest first; within one instant, the greater id first. */
function expectedOrder(entries: Written[]): string[] {
  return [...entries].sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1)).map((entry) => entry.id);
}

async function page(query = ''): Promise<ActivityPage> {
  const response = await anna.get(`/api/activity${query}`);
  expect(response.statusCode).toBe(200);
  return activityPageSchema.parse(response.json());
}

/** Every page of a query, following `next`. */
async function allPages(filters: Record<string, string> = {}): Promise<ActivityPage[]> {
  const pages: ActivityPage[] = [];
  let before: string | null = null;
  do {
    const params = new URLSearchParams(before ? { ...filters, before } : filters);
    const current = await page(params.size > 0 ? `?${params}` : '');
    pages.push(current);
    before = current.next;
  } while (before !== null && pages.length < 10);
  return pages;
}

describe('GET /api/activity', () => {
  it('answers the newest page first, each entry as written', async () => {
    const first = await page();
    expect(first.entries).toHaveLength(ACTIVITY_PAGE_SIZE);
    expect(first.entries.map((entry) => entry.id)).toEqual(expectedOrder(written).slice(0, ACTIVITY_PAGE_SIZE));
    expect(first.entries[0]).toEqual({
      id: written[0]!.id,
      userId: marcoId,
      userName: 'Marco Bianchi',
      action: 'update',
      entityType: 'room',
      entityId: null,
      summary: 'Voce 0',
      createdAt: createdAtOf(0),
    });
    expect(first.next).not.toBeNull();
  });

  it('pages through everything once, in order, across ties of one instant and of one millisecond', async () => {
    const pages = await allPages();
    expect(pages.map((each) => each.entries.length)).toEqual([50, 50, 20]);
    expect(pages.at(-1)!.next).toBeNull();
    expect(pages.flatMap((each) => each.entries.map((entry) => entry.id))).toEqual(expectedOrder(written));
  });

  it("never shows another company's entries", async () => {
    const summaries = (await allPages()).flatMap((each) => each.entries.map((entry) => entry.summary));
    expect(summaries.filter((summary) => summary.startsWith('Acme'))).toEqual([]);
  });

  it('filters by user, by kind of element, and by both, paging each filter', async () => {
    const byMarco = (await allPages({ userId: marcoId })).flatMap((each) => each.entries.map((entry) => entry.id));
    expect(byMarco).toEqual(expectedOrder(written.filter((entry) => entry.userId === marcoId)));

    const rooms = await allPages({ entityType: 'room' });
    expect(rooms.flatMap((each) => each.entries.map((entry) => entry.id))).toEqual(expectedOrder(written.filter((entry) => entry.entityType === 'room')));

    const both = (await allPages({ userId: annaId, entityType: 'translation' })).flatMap((each) => each.entries.map((entry) => entry.id));
    const expected = written.filter((entry) => entry.userId === annaId && entry.entityType === 'translation');
    expect(expected.length).toBeGreaterThan(0);
    expect(both).toEqual(expectedOrder(expected));

    expect(await page('?entityType=company')).toEqual({ entries: [], next: null });
  });

  it('shows a real write at the top, as it happened', async () => {
    const roomId = t.seeded.room('Sala Roma');
    expect((await anna.post(`/api/room/${roomId}/translations/en`, { key: 'title', label: 'Rome' })).statusCode).toBe(200);
    const [top] = (await page('?entityType=translation')).entries;
    expect(top).toMatchObject({ userId: annaId, userName: 'Anna Rossi', action: 'update', entityType: 'translation', entityId: roomId });
    expect(top!.summary).toContain('Sala Roma');
  });

  it.each([
    ['userId=someone', 'userId', IT_ACTIVITY.validation.userInvalid],
    ['entityType=invoice', 'entityType', IT_ACTIVITY.validation.entityInvalid],
    ['before=2026-02-28T12:00:00Z', 'before', IT_ACTIVITY.validation.beforeInvalid],
    ['before=2026-02-28T12:00:00.000000Z_x', 'before', IT_ACTIVITY.validation.beforeInvalid],
  ])('refuses ?%s with 400 naming the field', async (query, field, message) => {
    const response = await anna.get(`/api/activity?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message, field });
  });

  it('is refused to operators (403) and to the signed out (401)', async () => {
    const marco = await t.staff('operatore');
    const refused = await marco.get('/api/activity');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: IT_MANAGEMENT.forbidden });

    const anonymous = new TestClient(t.app, 'demo.localhost');
    expect((await anonymous.get('/api/activity')).statusCode).toBe(401);
  });
});

/** The database's refusal, with its cause (drizzle wraps it in "Failed query"). */
async function refusal(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof Error)) throw new Error('the database did not refuse');
  return error.cause instanceof Error ? `${error.message} ${error.cause.message}` : error.message;
}

describe('the activity log table', () => {
  it('is append-only for the application: an update or a delete is refused and changes nothing', async () => {
    const demoId = t.seeded.demoId;
    const target = written[0]!.id;
    expect(await refusal(t.db.withTenant(demoId, (tx) => tx.update(activityLog).set({ summary: 'Riscritta' }).where(eq(activityLog.id, target))))).toMatch(
      /permission denied for table activity_log/,
    );
    expect(await refusal(t.db.withTenant(demoId, (tx) => tx.delete(activityLog).where(eq(activityLog.id, target))))).toMatch(
      /permission denied for table activity_log/,
    );
    const [row] = await t.db.asOwnerForTenant(demoId, (tx) => tx.select({ summary: activityLog.summary }).from(activityLog).where(eq(activityLog.id, target)));
    expect(row).toEqual({ summary: 'Voce 0' });
  });
});
