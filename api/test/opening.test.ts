import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { roomOpeningSchema, type RoomOpening } from '@incontra/contracts/api/room-management';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { IT_ROOMS } from '@incontra/contracts/messages/it-rooms';
import { slotSchedules } from '../src/db/schema';
import { startLobbyApp, type LobbyTestApp } from './helpers/lobby-fixtures';
import { START_TIMEOUT_MS } from './helpers/test-app';
import type { TestClient } from './helpers/test-client';
import { RoomsFixture } from './rooms-fixture';

/*
 * A room's weekly opening and dated exceptions: wall-clock times of the company's zone, stored as
 * written; the week replaced whole; overlaps refused naming the day; exceptions from today on in
 * the company's zone. The test clock starts at 2026-03-02 09:00 UTC (10:00 in Rome, a Monday).
 */

let t: LobbyTestApp;
let f: RoomsFixture;
let anna: TestClient;
let marco: TestClient;
let luca: TestClient;
let room: string;
beforeAll(async () => {
  t = await startLobbyApp({ rateLimits: { notFoundPerMinute: 100_000 } });
  f = new RoomsFixture(t);
  anna = await t.staff('admin');
  marco = await t.staff('operatore');
  luca = await t.staff('admin', 'acme.localhost');
  room = t.seeded.room('Sala Consulenza');
}, START_TIMEOUT_MS);
afterEach(() => t.serveOnly(t.seeded.demoId, 'operatore', []));
afterAll(() => t.close());

const forbidden = { statusCode: 403, error: 'Forbidden', message: IT_MANAGEMENT.forbidden };
const notFound = { statusCode: 404, error: 'Not Found', message: IT_ROOMS.errors.notFound };
const badRequest = (field: string, message: string) => ({ statusCode: 400, error: 'Bad Request', message, field });

const workday = [
  { start: '09:00', end: '13:00' },
  { start: '14:00', end: '18:00' },
];
const seededWeek = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ranges: weekday <= 5 ? workday : [] }));

async function openingOf(browser: TestClient, roomId = room): Promise<RoomOpening> {
  const response = await browser.get(`/api/room/${roomId}/opening`);
  expect(response.statusCode).toBe(200);
  return roomOpeningSchema.parse(response.json());
}

const setWeek = (browser: TestClient, weekly: unknown, roomId = room) => browser.post(`/api/room/${roomId}/opening`, { weekly });

describe('GET /api/room/{id}/opening', () => {
  it('answers the company’s zone, the seven days Monday first and no exceptions', async () => {
    expect(await openingOf(anna)).toEqual({ timeZone: 'Europe/Rome', weekly: seededWeek, exceptions: [] });
    // An operator reads it too.
    expect((await openingOf(marco)).weekly).toEqual(seededWeek);
  });

  it('is 404 for another company’s room, an unknown one, and a room of a store the operator does not serve', async () => {
    expect((await anna.get(`/api/room/${t.seeded.room('Sala Acme')}/opening`)).json()).toEqual(notFound);
    expect((await anna.get(`/api/room/${randomUUID()}/opening`)).json()).toEqual(notFound);
    await t.serveOnly(t.seeded.demoId, 'operatore', [t.seeded.store('Milano Centro')]);
    expect((await marco.get(`/api/room/${t.seeded.room('Sala Roma')}/opening`)).json()).toEqual(notFound);
    expect((await marco.get(`/api/room/${room}/opening`)).statusCode).toBe(200);
  });
});

describe('POST /api/room/{id}/opening', () => {
  afterEach(async () => {
    expect((await setWeek(anna, seededWeek)).statusCode).toBe(200);
  });

  it('replaces the whole week: days not given are closed, 24:00 ends the day, ranges come back by start', async () => {
    const response = await setWeek(anna, [
      { weekday: 7, ranges: [{ start: '20:00', end: '24:00' }] },
      {
        weekday: 1,
        ranges: [
          { start: '15:00', end: '19:30' },
          { start: '08:05', end: '12:00' },
        ],
      },
      { weekday: 3, ranges: [] },
    ]);
    expect(response.statusCode).toBe(200);
    const expected = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ranges: [] as { start: string; end: string }[] }));
    expected[0]!.ranges = [
      { start: '08:05', end: '12:00' },
      { start: '15:00', end: '19:30' },
    ];
    expected[6]!.ranges = [{ start: '20:00', end: '24:00' }];
    expect(roomOpeningSchema.parse(response.json()).weekly).toEqual(expected);
    expect((await openingOf(anna)).weekly).toEqual(expected);
    // Wall clock as written: no conversion to UTC in the rows.
    const rows = await t.db.asOwnerForTenant(t.seeded.demoId, (tx) =>
      tx
        .select({ weekday: slotSchedules.weekday, start: slotSchedules.startTime, end: slotSchedules.endTime })
        .from(slotSchedules)
        .where(eq(slotSchedules.roomId, room)),
    );
    expect(rows.sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start))).toEqual([
      { weekday: 1, start: '08:05:00', end: '12:00:00' },
      { weekday: 1, start: '15:00:00', end: '19:30:00' },
      { weekday: 7, start: '20:00:00', end: '24:00:00' },
    ]);
    expect((await f.activity(t.seeded.demoId, room)).at(-1)).toMatchObject({
      action: 'update',
      entityType: 'opening',
      summary: 'Modificati gli orari settimanali della stanza «Sala Consulenza»: Lunedì 08:05–12:00, 15:00–19:30; Domenica 20:00–24:00',
    });
  });

  it('closes every day with an empty week, and accepts ranges that only touch', async () => {
    expect((await setWeek(anna, [])).statusCode).toBe(200);
    expect((await openingOf(anna)).weekly.every((day) => day.ranges.length === 0)).toBe(true);
    const touching = [
      { start: '09:00', end: '13:00' },
      { start: '13:00', end: '15:00' },
    ];
    expect((await setWeek(anna, [{ weekday: 2, ranges: touching }])).statusCode).toBe(200);
    expect((await openingOf(anna)).weekly[1]).toEqual({ weekday: 2, ranges: touching });
  });

  it.each([
    [
      [
        {
          weekday: 1,
          ranges: [
            { start: '09:00', end: '13:00' },
            { start: '12:00', end: '15:00' },
          ],
        },
      ],
      'weekly.0.ranges',
      'Lunedì: le fasce 09:00–13:00 e 12:00–15:00 si sovrappongono',
    ],
    [
      [
        { weekday: 1, ranges: [] },
        {
          weekday: 6,
          ranges: [
            { start: '10:00', end: '11:00' },
            { start: '08:00', end: '18:00' },
          ],
        },
      ],
      'weekly.1.ranges',
      'Sabato: le fasce 08:00–18:00 e 10:00–11:00 si sovrappongono',
    ],
    [
      [
        {
          weekday: 7,
          ranges: [
            { start: '09:00', end: '12:00' },
            { start: '09:00', end: '12:00' },
          ],
        },
      ],
      'weekly.0.ranges',
      'Domenica: le fasce 09:00–12:00 e 09:00–12:00 si sovrappongono',
    ],
    [[{ weekday: 2, ranges: [{ start: '13:00', end: '09:00' }] }], 'weekly.0.ranges.0.end', IT_ROOMS.validation.rangeOrder('13:00', '09:00')],
    [[{ weekday: 2, ranges: [{ start: '09:00', end: '09:00' }] }], 'weekly.0.ranges.0.end', IT_ROOMS.validation.rangeOrder('09:00', '09:00')],
    [[{ weekday: 2, ranges: [{ start: '9:00', end: '12:00' }] }], 'weekly.0.ranges.0.start', IT_ROOMS.validation.time],
    [[{ weekday: 2, ranges: [{ start: '09:07', end: '12:00' }] }], 'weekly.0.ranges.0.start', IT_ROOMS.validation.time],
    [[{ weekday: 2, ranges: [{ start: '09:00', end: '24:05' }] }], 'weekly.0.ranges.0.end', IT_ROOMS.validation.time],
    [[{ weekday: 2, ranges: [{ start: '09:00', end: '25:00' }] }], 'weekly.0.ranges.0.end', IT_ROOMS.validation.time],
    [[{ weekday: 2, ranges: [{ start: 900, end: '12:00' }] }], 'weekly.0.ranges.0.start', IT_ROOMS.validation.time],
    [[{ weekday: 2, ranges: [{ start: '09:00' }] }], 'weekly.0.ranges.0.end', IT_ROOMS.validation.time],
    [[{ weekday: 8, ranges: [] }], 'weekly.0.weekday', IT_ROOMS.validation.weekday],
    [[{ weekday: 0, ranges: [] }], 'weekly.0.weekday', IT_ROOMS.validation.weekday],
    [[{ ranges: [] }], 'weekly.0.weekday', IT_ROOMS.validation.weekday],
    [[{ weekday: 2 }], 'weekly.0.ranges', IT_ROOMS.validation.time],
    [
      [
        { weekday: 2, ranges: [] },
        { weekday: 2, ranges: [] },
      ],
      'weekly.1.weekday',
      IT_ROOMS.validation.weekdayRepeated('Martedì'),
    ],
    [
      [
        {
          weekday: 2,
          ranges: Array.from({ length: 13 }, (_, hour) => ({
            start: `${String(hour + 8).padStart(2, '0')}:00`,
            end: `${String(hour + 8).padStart(2, '0')}:30`,
          })),
        },
      ],
      'weekly.0.ranges',
      IT_ROOMS.validation.tooManyRanges,
    ],
    ['every day', 'weekly', IT_ROOMS.validation.weekly],
    [undefined, 'weekly', IT_ROOMS.validation.weekly],
  ])('refuses %j with 400 naming %s, changing nothing', async (weekly, field, message) => {
    const logged = await f.activityCount(t.seeded.demoId);
    expect((await setWeek(anna, weekly)).json()).toEqual(badRequest(field, message));
    expect((await openingOf(anna)).weekly).toEqual(seededWeek);
    expect(await f.activityCount(t.seeded.demoId)).toBe(logged);
  });

  it('is 403 to an operator and 404 for another company’s room', async () => {
    expect((await setWeek(marco, [])).json()).toEqual(forbidden);
    expect((await setWeek(anna, [], t.seeded.room('Sala Acme'))).json()).toEqual(notFound);
    expect((await openingOf(luca, t.seeded.room('Sala Acme'))).weekly).toEqual(seededWeek);
    expect((await openingOf(anna)).weekly).toEqual(seededWeek);
  });
});

describe('exceptions', () => {
  const exceptionsOf = async (roomId = room) => (await openingOf(anna, roomId)).exceptions;
  const setException = (browser: TestClient, body: unknown, roomId = room) => browser.post(`/api/room/${roomId}/exceptions`, body);
  const deleteException = (browser: TestClient, date: string, roomId = room) => browser.request('DELETE', `/api/room/${roomId}/exceptions/${date}`);

  it('sets a closed day and special hours, replaces a date’s exception, lists them by date, logged', async () => {
    const saved = await setException(anna, { date: '2026-06-02', ranges: [], note: ' Festa della Repubblica ' });
    expect(saved.statusCode).toBe(200);
    expect(roomOpeningSchema.parse(saved.json()).exceptions).toEqual([{ date: '2026-06-02', ranges: [], note: 'Festa della Repubblica' }]);
    const special = [
      { start: '15:00', end: '17:00' },
      { start: '09:00', end: '12:00' },
    ];
    expect((await setException(anna, { date: '2026-04-06', ranges: special })).statusCode).toBe(200);
    expect(await exceptionsOf()).toEqual([
      { date: '2026-04-06', ranges: [special[1], special[0]], note: null },
      { date: '2026-06-02', ranges: [], note: 'Festa della Repubblica' },
    ]);
    // The same date again replaces it.
    expect((await setException(anna, { date: '2026-06-02', ranges: [{ start: '10:00', end: '12:00' }], note: '' })).statusCode).toBe(200);
    expect((await exceptionsOf())[1]).toEqual({ date: '2026-06-02', ranges: [{ start: '10:00', end: '12:00' }], note: null });
    expect((await f.activity(t.seeded.demoId, room)).slice(-3)).toEqual([
      expect.objectContaining({ entityType: 'opening', summary: 'Stanza «Sala Consulenza»: eccezione agli orari del 02/06/2026: chiuso' }),
      expect.objectContaining({ entityType: 'opening', summary: 'Stanza «Sala Consulenza»: eccezione agli orari del 06/04/2026: 09:00–12:00, 15:00–17:00' }),
      expect.objectContaining({ entityType: 'opening', summary: 'Stanza «Sala Consulenza»: eccezione agli orari del 02/06/2026: 10:00–12:00' }),
    ]);
    // The weekly opening is not touched.
    expect((await openingOf(anna)).weekly).toEqual(seededWeek);
  });

  it.each([
    [{ ranges: [] }, 'date', IT_ROOMS.validation.date],
    [{ date: '2026-02-30', ranges: [] }, 'date', IT_ROOMS.validation.date],
    [{ date: '02/06/2026', ranges: [] }, 'date', IT_ROOMS.validation.date],
    [{ date: '2026-03-01', ranges: [] }, 'date', IT_ROOMS.validation.pastDate],
    [{ date: '2026-07-01' }, 'ranges', IT_ROOMS.validation.time],
    [
      {
        date: '2026-07-01',
        ranges: [
          { start: '09:00', end: '13:00' },
          { start: '12:00', end: '15:00' },
        ],
      },
      'ranges',
      'Le fasce 09:00–13:00 e 12:00–15:00 si sovrappongono',
    ],
    [{ date: '2026-07-01', ranges: [{ start: '12:00', end: '11:00' }] }, 'ranges.0.end', IT_ROOMS.validation.rangeOrder('12:00', '11:00')],
    [{ date: '2026-07-01', ranges: [{ start: '09:02', end: '11:00' }] }, 'ranges.0.start', IT_ROOMS.validation.time],
    [{ date: '2026-07-01', ranges: [], note: 'x'.repeat(201) }, 'note', IT_ROOMS.validation.note],
    [{ date: '2026-07-01', ranges: [], note: 7 }, 'note', IT_ROOMS.validation.note],
  ])('refuses %j with 400 naming %s, changing nothing', async (body, field, message) => {
    const before = await exceptionsOf();
    expect((await setException(anna, body)).json()).toEqual(badRequest(field, message));
    expect(await exceptionsOf()).toEqual(before);
  });

  it('deletes a date’s exception, logged; a date without one is 404, a bad date 400', async () => {
    expect((await setException(anna, { date: '2026-12-25', ranges: [], note: 'Natale' })).statusCode).toBe(200);
    const response = await deleteException(anna, '2026-12-25');
    expect(response.statusCode).toBe(200);
    expect(roomOpeningSchema.parse(response.json()).exceptions.map((exception) => exception.date)).not.toContain('2026-12-25');
    expect((await f.activity(t.seeded.demoId, room)).at(-1)).toMatchObject({
      action: 'delete',
      entityType: 'opening',
      summary: 'Stanza «Sala Consulenza»: tolta l’eccezione agli orari del 25/12/2026',
    });
    expect((await deleteException(anna, '2026-12-25')).json()).toEqual({ statusCode: 404, error: 'Not Found', message: IT_ROOMS.errors.exceptionNotFound });
    expect((await deleteException(anna, '2026-13-01')).json()).toEqual(badRequest('date', IT_ROOMS.validation.date));
  });

  it('is 403 to an operator, 404 for another company’s room; nothing changes', async () => {
    expect((await setException(anna, { date: '2026-08-15', ranges: [], note: 'Ferragosto' })).statusCode).toBe(200);
    const before = await exceptionsOf();
    expect((await setException(marco, { date: '2026-08-16', ranges: [] })).json()).toEqual(forbidden);
    expect((await deleteException(marco, '2026-08-15')).json()).toEqual(forbidden);
    expect((await setException(luca, { date: '2026-08-16', ranges: [] }, room)).json()).toEqual(notFound);
    expect((await deleteException(luca, '2026-08-15', room)).json()).toEqual(notFound);
    expect(await exceptionsOf()).toEqual(before);
    expect(await exceptionsOf(t.seeded.room('Sala Roma'))).toEqual([]);
  });

  it('counts "today" in the company’s zone: at 23:30 UTC it is already tomorrow in Rome', async () => {
    expect((await setException(anna, { date: '2026-03-02', ranges: [] })).statusCode).toBe(200);
    expect((await setException(anna, { date: '2026-03-03', ranges: [{ start: '09:00', end: '10:00' }] })).statusCode).toBe(200);
    expect((await exceptionsOf()).slice(0, 2).map((exception) => exception.date)).toEqual(['2026-03-02', '2026-03-03']);
    t.clock.advance(14.5 * 3_600_000); // 2026-03-02 23:30 UTC = 2026-03-03 00:30 in Rome
    try {
      // Anna's session has expired by then (so this test comes last): a fresh sign-in.
      const late = await t.staff('admin');
      expect((await openingOf(late)).exceptions[0]?.date).toBe('2026-03-03');
      expect((await setException(late, { date: '2026-03-02', ranges: [] })).json()).toEqual(badRequest('date', IT_ROOMS.validation.pastDate));
    } finally {
      t.clock.advance(-14.5 * 3_600_000);
    }
  });
});
