import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { IT_POS } from '@incontra/contracts/messages/it-pos';
import { startPosApp, type PosTestApp } from './helpers/pos-fixtures';
import { START_TIMEOUT_MS } from './helpers/test-app';

/*
 * GET /api/pos/payment: the list of the stores one serves, its filters (days of the company's
 * zone, Europe/Rome), its daily totals of what was paid, and the CSV export. The suite's clock
 * only moves forward (to chosen instants); staff sign in again after it moved.
 */

let t: PosTestApp;
beforeAll(async () => {
  t = await startPosApp();
}, START_TIMEOUT_MS);
afterAll(() => t.close());

const demoId = () => t.seeded.demoId;

/** Moves the suite's clock forward to `iso`. */
function moveTo(iso: string): void {
  const ms = Date.parse(iso) - t.clock.now().getTime();
  if (ms < 0) throw new Error(`the clock is past ${iso}`);
  t.clock.advance(ms);
}

describe('the list', () => {
  it('filters by store, status and search, pages, and shows an operator only the stores they serve', async () => {
    const admin = await t.staff('admin');
    const milano = await t.created(admin, { description: 'Tagliando Milano' });
    t.clock.advance(1000);
    const roma = await t.created(admin, { storeId: t.roma, description: 'Tagliando Roma', amount: 9900 });
    await t.payNow(roma);
    t.clock.advance(1000);
    const cancelled = await t.created(admin, { description: 'Tagliando annullato', amount: 1500 });
    expect((await t.getWithCsrf(admin, `/api/pos/payment/${cancelled.id}/cancel`)).statusCode).toBe(200);

    const all = await t.list(admin, 'q=tagliando');
    expect(all.items.map((item) => item.id)).toEqual([cancelled.id, roma.id, milano.id]);
    expect(all.total).toBe(3);
    expect(all.items.every((item) => item.qrCode === null && item.link.includes('/pagamento/'))).toBe(true);
    expect((await t.list(admin, `q=tagliando&storeId=${t.roma}`)).items.map((item) => item.id)).toEqual([roma.id]);
    expect((await t.list(admin, 'q=tagliando&status=paid')).items.map((item) => item.id)).toEqual([roma.id]);
    expect((await t.list(admin, 'q=tagliando&status=requested')).items.map((item) => item.id)).toEqual([milano.id]);
    expect((await t.list(admin, 'q=tagliando&sort=amount&dir=desc')).items.map((item) => item.id)).toEqual([roma.id, milano.id, cancelled.id]);
    const page2 = await t.list(admin, 'q=tagliando&pageSize=2&page=2');
    expect([page2.items.map((item) => item.id), page2.total]).toEqual([[milano.id], 3]);

    await t.serveOnly(demoId(), 'operatore', [t.roma]);
    try {
      const operator = await t.staff('operatore');
      const theirs = await t.list(operator, 'q=tagliando');
      expect(theirs.items.map((item) => item.id)).toEqual([roma.id]);
      expect(theirs.dailyTotals.map((total) => total.storeId)).toEqual([t.roma]);
      const csv = await operator.get('/api/pos/payment?format=csv&q=tagliando');
      expect(csv.body).toContain('Tagliando Roma');
      expect(csv.body).not.toContain('Tagliando Milano');
    } finally {
      await t.serveOnly(demoId(), 'operatore', []);
    }
    // Acme sees none of Demo's.
    expect((await t.list(await t.staff('admin', 'acme.localhost'), 'q=tagliando')).total).toBe(0);
  });

  it.each([
    ['status=pagato', 'status', IT_POS.statusInvalid],
    ['from=2026-02-30', 'from', IT_POS.dateInvalid],
    ['to=ieri', 'to', IT_POS.dateInvalid],
    ['format=xlsx', 'format', IT_POS.formatInvalid],
    ['storeId=milano', 'storeId', IT_POS.storeInvalid],
    ['pageSize=101', 'pageSize', IT_MANAGEMENT.listQuery.pageSize(100)],
    [`q=${'x'.repeat(101)}`, 'q', IT_MANAGEMENT.listQuery.q(100)],
  ])('refuses ?%s: 400 naming %s', async (query, field, message) => {
    const response = await (await t.staff('admin')).get(`/api/pos/payment?${query}`);
    expect([response.statusCode, response.json().field, response.json().message]).toEqual([400, field, message]);
  });
});

describe('the daily totals', () => {
  it('count what was paid on each day of the company’s zone: 23:30 and 00:30 in Rome are two days, though one UTC day', async () => {
    moveTo('2026-03-10T22:00:00.000Z'); // 23:00 in Rome
    const admin = await t.staff('admin');
    const late = await t.created(admin, { description: 'Sera', amount: 1000 });
    const later = await t.created(admin, { description: 'Notte', amount: 2000 });
    const roma = await t.created(admin, { description: 'Notte a Roma', amount: 4000, storeId: t.roma });
    const unpaid = await t.created(admin, { description: 'Mai pagata', amount: 8000 });
    moveTo('2026-03-10T22:30:00.000Z'); // 23:30 in Rome, 10 March
    await t.payNow(late);
    moveTo('2026-03-10T23:30:00.000Z'); // 00:30 in Rome, 11 March
    await t.payNow(later);
    await t.payNow(roma);

    const signedIn = await t.staff('admin');
    const page = await t.list(signedIn, 'from=2026-03-10&to=2026-03-11');
    expect(page.dailyTotals).toEqual([
      { date: '2026-03-11', storeId: t.milano, storeName: 'Milano Centro', count: 1, amount: 2000 },
      { date: '2026-03-11', storeId: t.roma, storeName: 'Roma Termini', count: 1, amount: 4000 },
      { date: '2026-03-10', storeId: t.milano, storeName: 'Milano Centro', count: 1, amount: 1000 },
    ]);
    // The list itself is by the day a request was made: all four on 10 March in Rome.
    expect(page.items.map((item) => item.id).sort()).toEqual([late.id, later.id, roma.id, unpaid.id].sort());
    expect((await t.list(signedIn, 'from=2026-03-11&to=2026-03-11')).items).toEqual([]);
    expect((await t.list(signedIn, 'from=2026-03-11&to=2026-03-11')).dailyTotals.map((total) => total.amount)).toEqual([2000, 4000]);
    expect((await t.list(signedIn, `from=2026-03-10&to=2026-03-11&storeId=${t.roma}`)).dailyTotals.map((total) => total.amount)).toEqual([4000]);
  });
});

describe('the CSV export', () => {
  it('every matching request as text/csv, an attachment, Italian columns, and cells a spreadsheet would run made inert', async () => {
    const admin = await t.staff('admin');
    await t.created(admin, { description: '=SOMMA(A1:A9) formula', amount: 123456 });
    t.clock.advance(60_000);
    await t.created(admin, { description: '@cmd formula; "citata"', email: 'cliente@example.it' });
    t.clock.advance(60_000);
    await t.created(admin, { description: '-2+3 formula' });
    const response = await admin.get('/api/pos/payment?format=csv&q=formula');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${IT_POS.csv.fileName('2026-03-11')}"`);
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    expect(lines[0]).toBe(IT_POS.csv.columns.join(';'));
    expect(lines.at(-1)).toBe('');
    // Newest first, on Rome's clock; each expires a day after it was made.
    const created = ['11/03/2026 00:32', '11/03/2026 00:31', '11/03/2026 00:30'];
    const expires = ['12/03/2026 00:32', '12/03/2026 00:31', '12/03/2026 00:30'];
    expect(lines.slice(1, -1)).toEqual([
      `${created[0]};Milano Centro;'-2+3 formula;25,00;Da pagare;;;${expires[0]};;;Anna Rossi;`,
      `${created[1]};Milano Centro;"'@cmd formula; ""citata""";25,00;Da pagare;;;${expires[1]};cliente@example.it;;Anna Rossi;`,
      `${created[2]};Milano Centro;'=SOMMA(A1:A9) formula;1234,56;Da pagare;;;${expires[2]};;;Anna Rossi;`,
    ]);
  });
});
