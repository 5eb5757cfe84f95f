import { expect, test, type Page } from '@playwright/test';
import { auditState } from '../fixtures/axe';
import { acceptCookiesUpFront } from '../fixtures/cookies';
import { DEMO, UNKNOWN_HOST_URL } from '../fixtures/tenants';

/**
 * What a visitor meets first (#24 §5): the unknown-host page, the sign-in on a company's host, the
 * heading a store's page is first painted with, the way to every store from "/", the footer.
 */

const HEIGHT = 800;

/** The id of Demo's store named `name`, read from the welcome page's link to its live call. */
async function storeIdOf(page: Page, name: string): Promise<string> {
  await page.goto(`${DEMO.url}/`);
  const href = await page.getByRole('link', { name }).getAttribute('href');
  return new URL(href!, DEMO.url).searchParams.get('store')!;
}

test('an unknown host answers in Italian: this address leads to no company, and what to do', async ({ page }) => {
  const response = await page.goto(`${UNKNOWN_HOST_URL}/`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Questo indirizzo non porta a nessuno spazio aziendale' })).toBeVisible();
  await expect(page.getByText('Controlla di aver scritto bene l’indirizzo')).toBeVisible();
  await expect(page.getByText('Company not found')).toHaveCount(0);
  await expect(page).toHaveTitle('Indirizzo non trovato · Incontra');
  await auditState(page, 'unknown host');
});

test("the sign-in on a company's host does not ask for the company", async ({ page }) => {
  await acceptCookiesUpFront(page);
  await page.goto(`${DEMO.url}/admin/login`);
  await expect(page.getByLabel('Nome utente')).toBeVisible();
  await expect(page.getByLabel('Azienda')).toHaveCount(0);
  await page.getByLabel('Nome utente').fill(DEMO.admin.username);
  await page.getByLabel(/^Password/).fill(DEMO.admin.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page).toHaveURL(`${DEMO.url}/admin`);
});

test("a store's welcome page is first painted with the heading it keeps: its room's own title", async ({ page }) => {
  await acceptCookiesUpFront(page);
  const roma = await storeIdOf(page, 'Roma Termini');
  // Before any script: the API's first paint alone.
  await page.route(/\/(shell|mfe)\/.*\.js$/, (route) => route.abort());
  await page.goto(`${DEMO.url}/?store=${roma}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Consulenza a Roma');
  // With the scripts, the page renders the same heading, once.
  await page.unrouteAll();
  await page.reload();
  await expect(page.getByRole('link', { name: /Partecipa/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Consulenza a Roma');
});

test('"/" leads to every store\'s live call, and every visitor page ends with the privacy and terms links', async ({ page }) => {
  test.setTimeout(90_000);
  await acceptCookiesUpFront(page);
  await page.goto(`${DEMO.url}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ti diamo il benvenuto da Demo' })).toBeVisible();
  const choice = page.getByRole('region', { name: 'Vuoi parlare con un altro punto vendita?' });
  await expect(choice.getByRole('link', { name: 'Roma Termini' })).toBeVisible();
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: HEIGHT });
    const footer = page.getByRole('contentinfo');
    await footer.scrollIntoViewIfNeeded();
    await expect(footer.getByRole('link', { name: 'Informativa sulla privacy' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Termini e condizioni' })).toBeVisible();
    // No sideways scrolling at a phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
  await auditState(page, 'welcome with the store choice and the footer');

  await choice.getByRole('link', { name: 'Roma Termini' }).click();
  await expect(page).toHaveURL(/\/partecipa\?store=/);
  await expect(page.getByText('Punto vendita: Roma Termini')).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Termini e condizioni' })).toBeVisible();

  await page.getByRole('contentinfo').getByRole('link', { name: 'Informativa sulla privacy' }).click();
  await expect(page).toHaveURL(`${DEMO.url}/privacy`);
  await expect(page.getByRole('heading', { level: 1, name: 'Informativa sulla privacy' })).toBeVisible();
});
