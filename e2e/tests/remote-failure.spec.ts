import { expect, test } from '@playwright/test';
import { DEMO } from '../fixtures/tenants';
import { acceptCookiesUpFront } from '../fixtures/cookies';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

test('an unreachable remote gives the shell error view with a retry while other routes keep working', async ({ page }) => {
  await page.route('**/mfe/room/**', (route) => route.abort('connectionrefused'));
  await page.goto(`${DEMO.url}/room/verifica`);
  await expect(page.getByText('Questa sezione non è al momento disponibile')).toBeVisible();
  const retry = page.getByRole('button', { name: 'Riprova' });
  await expect(retry).toBeVisible();

  // Another remote still works on a client-side route change.
  await page.evaluate(() => {
    window.history.pushState(null, '', '/');
  });
  await expect(page.getByRole('link', { name: 'Partecipa' }).or(page.getByRole('button', { name: 'Partecipa' }))).toBeVisible();

  // Once the remote is reachable again, Riprova loads it.
  await page.unroute('**/mfe/room/**');
  await page.evaluate(() => {
    window.history.pushState(null, '', '/room/verifica');
  });
  const retryAgain = page.getByRole('button', { name: 'Riprova' });
  if (await retryAgain.isVisible()) await retryAgain.click();
  await expect(page.getByText('Verifica dispositivi')).toBeVisible();
});
