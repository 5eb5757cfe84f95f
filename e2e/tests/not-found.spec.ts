import { expect, test } from '@playwright/test';
import { DEMO, UNKNOWN_HOST_URL } from '../fixtures/tenants';
import { acceptCookiesUpFront } from '../fixtures/cookies';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

test('an unknown path shows the 404 view and goes back home', async ({ page }) => {
  await page.goto(`${DEMO.url}/questa-pagina-non-esiste`);
  await expect(page.getByText('La pagina non è stata trovata')).toBeVisible();
  await expect(page.getByText('La pagina ricercata non può essere raggiunta oppure non esite.')).toBeVisible();
  await expect(page).toHaveTitle('Demo 404 Pagina non trovata');

  await page.getByRole('button', { name: 'Torna alla home' }).click();
  await expect(page).toHaveURL(`${DEMO.url}/`);
  await expect(page.getByRole('link', { name: 'Partecipa' }).or(page.getByRole('button', { name: 'Partecipa' }))).toBeVisible();
  // The route was replaced, not pushed: going back leaves the site instead of returning to the 404.
  const historyLength = await page.evaluate(() => window.history.length);
  expect(historyLength).toBeLessThanOrEqual(2);
});

test('an unknown host answers 404 with a page in Italian, not the error name', async ({ page }) => {
  const response = await page.goto(`${UNKNOWN_HOST_URL}/`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Questo indirizzo non porta a nessuno spazio aziendale' })).toBeVisible();
  await expect(page.getByText('Company not found')).toHaveCount(0);
});
