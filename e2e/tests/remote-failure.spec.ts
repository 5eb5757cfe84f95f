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

  // Back on the broken route the view comes again; once the remote is reachable, Riprova loads it.
  await page.evaluate(() => {
    window.history.pushState(null, '', '/room/verifica');
  });
  await expect(page.getByText('Questa sezione non è al momento disponibile')).toBeVisible();
  await page.unroute('**/mfe/room/**');
  await page.getByRole('button', { name: 'Riprova' }).click();
  await expect(page.getByText('Verifica dispositivi')).toBeVisible();
  await expect(page.getByText('Questa sezione non è al momento disponibile')).toBeHidden();
});
