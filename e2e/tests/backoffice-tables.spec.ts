import { expect, test, type Page } from '@playwright/test';
import { staffApi } from '../fixtures/backoffice';
import { bookFreeStart, ok, ownStore, removeStore, todayIn, type OwnStore } from '../fixtures/backoffice-store';
import { staffContext } from '../fixtures/rooms';
import { expectTablesFitEveryWidth } from '../fixtures/table-widths';
import { ACME } from '../fixtures/tenants';

/*
 * Every back-office table on a phone and on a laptop, in real Chromium: at 360 px (and 320 px)
 * each row is a card and the page never scrolls sideways, every action of a row inside the screen
 * and clickable; at 1280 px a table, with nothing scrolling sideways either. Acme's admin, with a
 * store of the suite's own (an appointment for the agenda's list, a dated exception for the
 * room's page), deleted afterwards.
 */

interface TablePage {
  name: string;
  path: (store: OwnStore) => string;
  /** What to choose on the page before its table shows (a store, a room). */
  choose?: (page: Page, store: OwnStore) => Promise<void>;
  /** The table's name. */
  table: (store: OwnStore) => string;
  /** The table may have no row (a room without documents). */
  mayBeEmpty?: boolean;
  /** The columns (`data-column`) holding dates, times or a fixed vocabulary's words: never cut inside a word. */
  dateColumns?: readonly string[];
}

const chooseStore = async (page: Page, store: OwnStore) => {
  await page.getByRole('combobox', { name: /^Punto vendita/ }).selectOption({ label: store.storeName });
};

const PAGES: TablePage[] = [
  { name: 'utenti', path: () => '/admin/utenti', table: () => 'Elenco degli utenti' },
  { name: 'punti-vendita', path: () => '/admin/punti-vendita', table: () => 'Elenco dei punti vendita' },
  { name: 'stanze', path: () => '/admin/stanze', table: () => 'Elenco delle stanze' },
  { name: 'argomenti', path: (store) => `/admin/argomenti?punto-vendita=${store.storeId}`, table: (store) => `Argomenti di «${store.storeName}»` },
  { name: 'stanza', path: (store) => `/admin/stanze/${store.roomId}`, table: () => 'Eccezioni in programma', dateColumns: ['date', 'hours'] },
  {
    name: 'agenda',
    path: (store) => `/admin/agenda?vista=elenco&punto-vendita=${store.storeId}`,
    table: () => 'Elenco degli appuntamenti',
    dateColumns: ['date', 'time'],
  },
  {
    name: 'documenti',
    path: () => '/admin/documenti',
    choose: chooseStore,
    table: (store) => `Documenti della stanza ${store.roomName}`,
    mayBeEmpty: true,
    dateColumns: ['createdAt'],
  },
  { name: 'traduzioni', path: () => '/admin/traduzioni', choose: chooseStore, table: (store) => `Testi della stanza «${store.roomName}» in italiano` },
  { name: 'attivita', path: () => '/admin/attivita', table: () => 'Registro delle attività', dateColumns: ['when', 'action', 'entity'] },
];

/** What the page and its tables measure: sideways overflow of the page and of each table's box, and how a body row is laid out. */
function measure(page: Page) {
  return page.evaluate(() => ({
    pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
    tables: [...document.querySelectorAll('table')].map((table) => {
      const box = table.parentElement!;
      const row = table.querySelector('tbody tr');
      return {
        name: table.querySelector('caption')?.textContent ?? '',
        responsive: table.classList.contains('incontra-table'),
        overflow: Math.max(box.scrollWidth - box.clientWidth, table.getBoundingClientRect().right - window.innerWidth),
        rowDisplay: row ? getComputedStyle(row).display : null,
      };
    }),
  }));
}

/** Every button and link of the first rows: inside the screen, and (when enabled) clickable where it is. */
async function expectActionsReachable(page: Page, tableName: string): Promise<number> {
  const width = page.viewportSize()!.width;
  const rows = page.getByRole('table', { name: tableName }).getByRole('row');
  const controls = rows.locator('button, a[href]');
  const count = Math.min(await controls.count(), 12);
  for (let index = 0; index < count; index += 1) {
    const control = controls.nth(index);
    await control.scrollIntoViewIfNeeded();
    const box = (await control.boundingBox())!;
    expect(box.x, `${tableName}: control ${index} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${tableName}: control ${index} ends on screen`).toBeLessThanOrEqual(width);
    if (await control.isEnabled()) await control.click({ trial: true });
  }
  return count;
}

test.describe('back-office tables', () => {
  let store: OwnStore;
  let exceptionDate: string;

  test.beforeAll(async ({ browser }) => {
    const { context, page } = await staffContext(browser, ACME.url, ACME.admin);
    store = await ownStore(page, 'Tabelle');
    await bookFreeStart(page, store);
    // A closed day far beyond the booking horizon: a row in the room's exceptions, no appointment in it.
    exceptionDate = new Date(Date.parse(`${todayIn(store.timeZone)}T00:00:00Z`) + 300 * 86_400_000).toISOString().slice(0, 10);
    await ok(
      staffApi(page, 'POST', `/api/room/${store.roomId}/exceptions`, {
        date: exceptionDate,
        ranges: [],
        note: 'Chiusura per lavori di ristrutturazione del negozio',
      }),
    );
    // Long values beside the short ones: the room's name one long word (the rooms' table, the
    // topics' rooms, the activity log), the store's long address.
    store.roomName = `Sala_videoconsulenza_multimediale_${store.roomName.split(' ')[1]}`;
    await ok(staffApi(page, 'POST', `/api/room/${store.roomId}`, { name: store.roomName }));
    await ok(
      staffApi(page, 'POST', `/api/store/${store.storeId}`, {
        address: 'Corso Vittorio Emanuele II 123, angolo via Giuseppe Garibaldi, 10121 Torino (TO), piano terra, scala B',
      }),
    );
    await context.close();
  });

  test.afterAll(async ({ browser }) => {
    const { context, page } = await staffContext(browser, ACME.url, ACME.admin);
    await removeStore(page, store);
    await context.close();
  });

  for (const width of [360, 320, 1280]) {
    test(`at ${width} px every table fits the screen${width < 640 ? ': a card per row, its actions reachable' : ''}`, async ({ browser }) => {
      test.setTimeout(120_000);
      const { context, page } = await staffContext(browser, ACME.url, ACME.admin);
      try {
        await page.setViewportSize({ width, height: width < 640 ? 740 : 800 });
        for (const target of PAGES) {
          await page.goto(`${ACME.url}${target.path(store)}`);
          await target.choose?.(page, store);
          const table = page.getByRole('table', { name: target.table(store) });
          if (target.mayBeEmpty) await expect(table).toBeAttached();
          // A cell, not a second row: on a phone a header row without sort buttons is not shown at all.
          else await expect(table.getByRole('cell').first(), `${target.name}: a row`).toBeVisible();
          const measured = await measure(page);
          expect(measured.pageOverflow, `${target.name}: the page scrolls sideways`).toBeLessThanOrEqual(0);
          for (const each of measured.tables) {
            expect(each.overflow, `${target.name}: «${each.name}» scrolls sideways`).toBeLessThanOrEqual(0);
            if (each.rowDisplay && each.responsive) expect(each.rowDisplay, `${target.name}: «${each.name}» rows`).toBe(width < 640 ? 'block' : 'table-row');
          }
          if (width < 640) await expectActionsReachable(page, target.table(store));
          if (width !== 320) await page.screenshot({ path: test.info().outputPath(`${target.name}-${width}.png`), fullPage: true });
        }
        // The subscription page (the billing remote's table of limits) does not widen the page either.
        await page.goto(`${ACME.url}/admin/abbonamento`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect((await measure(page)).pageOverflow, 'abbonamento: the page scrolls sideways').toBeLessThanOrEqual(0);
      } finally {
        await context.close();
      }
    });
  }

  test("the header's company name is readable at 320 px, in one banner, nothing scrolling sideways", async ({ browser }, testInfo) => {
    const { context, page } = await staffContext(browser, ACME.url, ACME.admin);
    try {
      for (const width of [320, 1280]) {
        await page.setViewportSize({ width, height: 640 });
        await page.goto(`${ACME.url}/admin/utenti`);
        const banner = page.getByRole('banner');
        await expect(banner).toHaveCount(1);
        const name = banner.getByTestId('company-name');
        await expect(name).toBeVisible();
        // Whole: not cut with an ellipsis («D…»), neither across nor past its lines.
        const cut = await name.evaluate((element) => ({
          across: element.scrollWidth - element.clientWidth,
          down: element.scrollHeight - element.clientHeight,
          text: element.textContent,
        }));
        expect(cut, `the company name at ${width} px`).toEqual({ across: 0, down: 0, text: cut.text });
        expect(cut.text!.length).toBeGreaterThan(1);
        await expect(banner.getByRole('button', { name: 'Esci' })).toBeInViewport({ ratio: 1 });
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
        await banner.screenshot({ path: testInfo.outputPath(`header-${width}.png`) });
      }
    } finally {
      await context.close();
    }
  });

  test('from 320 to 1280 px, 40 px at a time: nothing scrolls sideways, no header, date or time cut inside a word', async ({ browser }) => {
    test.setTimeout(240_000);
    const { context, page } = await staffContext(browser, ACME.url, ACME.admin);
    try {
      for (const target of PAGES) {
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.goto(`${ACME.url}${target.path(store)}`);
        await target.choose?.(page, store);
        const table = page.getByRole('table', { name: target.table(store) });
        if (target.mayBeEmpty) await expect(table).toBeAttached();
        else await expect(table.getByRole('cell').first(), `${target.name}: a row`).toBeVisible();
        await expectTablesFitEveryWidth(page, { name: target.name, dateColumns: target.dateColumns });
      }
    } finally {
      await context.close();
    }
  });
});
