import { expect, test, type Page, type Response } from '@playwright/test';
import { DEMO } from '../fixtures/tenants';

const COOKIE_TEXT = 'Questo sito web utilizza i cookie per assicurarti la migliore esperienza possibile.';

/** The page as a phone on a slow network sees it before any script has arrived. */
async function withoutScripts(page: Page): Promise<void> {
  await page.route(/\/(shell|mfe)\/.*\.js$/, (route) => route.abort());
}

test('before any script, the welcome page shows the company and its heading, and the cookie banner works', async ({ page }) => {
  await withoutScripts(page);
  await page.goto(`${DEMO.url}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ti diamo il benvenuto da Demo' })).toBeVisible();
  await expect(page.getByText('Demo', { exact: true })).toBeVisible();
  // The company's wall, often the page's largest paint, is there before any script too.
  const wall = page.getByRole('region', { name: 'Bacheca di Demo' });
  await expect(wall).toContainText('Questo è lo spazio video di Demo');
  const paintedWall = (await wall.boundingBox())!;
  const banner = page.getByRole('region', { name: 'Cookie' });
  await expect(banner).toContainText(COOKIE_TEXT);
  await banner.getByRole('button', { name: 'Ok, ho capito' }).click();
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => window.localStorage.getItem('incontra.cookie-consent-status'))).toBe('accepted');

  // The consent given there holds for the shell, once its scripts arrive.
  await page.unrouteAll();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Partecipa' })).toBeVisible();
  await expect(page.getByText(COOKIE_TEXT)).toHaveCount(0);
  // The remote shows the wall once, where it was first painted.
  await expect(wall).toHaveCount(1);
  expect(Math.abs((await wall.boundingBox())!.y - paintedWall.y)).toBeLessThanOrEqual(1);
});

test('the live name step is first painted with its heading; the real page takes its place with nothing left twice', async ({ page }) => {
  await withoutScripts(page);
  await page.goto(`${DEMO.url}/partecipa`);
  await expect(page.getByRole('heading', { level: 1, name: 'Parla con un nostro incaricato' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cookie' })).toBeVisible();

  await page.unrouteAll();
  await page.reload();
  await expect(page.getByLabel('Inserisci il tuo nome.')).toBeVisible();
  await expect(page.locator('#incontra-first-paint')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Cookie' })).toHaveCount(1);
  // The heading did not move when the first paint went: the remote lays it out where it was painted.
  const { y } = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
  await page.route(/\/(shell|mfe)\/.*\.js$/, (route) => route.abort());
  await page.reload();
  const painted = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
  expect(Math.abs(painted.y - y)).toBeLessThanOrEqual(1);
});

test("every script of the welcome page asks to be compiled as it streams in, not on the main thread's first call", async ({ page }) => {
  const scripts: Promise<{ url: string; head: string }>[] = [];
  const onResponse = (response: Response) => {
    if (/\/(shell|mfe)\/.*\.js$/.test(new URL(response.url()).pathname)) {
      scripts.push(response.text().then((text) => ({ url: response.url(), head: text.slice(0, 29) })));
    }
  };
  page.on('response', onResponse);
  await page.goto(`${DEMO.url}/`);
  await expect(page.getByRole('link', { name: 'Partecipa' })).toBeVisible();
  // Scripts that arrive later (a chunk loaded after the page is up) are not read: a body still
  // being read when the test ends would fail it for nothing.
  page.off('response', onResponse);
  const loaded = await Promise.all(scripts);
  // The shell's entry, its shared libraries and the visitor remote's entry at the least.
  expect(loaded.length).toBeGreaterThanOrEqual(5);
  expect(loaded.filter((script) => script.head !== '//# allFunctionsCalledOnLoad\n')).toEqual([]);
});
