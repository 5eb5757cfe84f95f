import { expect, test } from '@playwright/test';
import { DEMO } from '../fixtures/tenants';
import { acceptCookiesUpFront } from '../fixtures/cookies';
import { signIn } from '../fixtures/auth';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

// The operator's profile, so the admin other suites sign in with stays as seeded.
test('a profile change is saved, confirmed by a toast at the top right, and kept after a reload', async ({ page }) => {
  await signIn(page, DEMO.url, DEMO.operator);
  await page.getByRole('navigation').getByRole('link', { name: 'Profilo' }).click();
  await expect(page).toHaveURL(`${DEMO.url}/admin/profilo`);
  await page.getByLabel('Nome', { exact: true }).fill('Giulia');
  await page.getByLabel('Cognome', { exact: true }).fill('Bianchi');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.locator('[data-position="top-right"]').getByText('Profilo aggiornato.')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Nome', { exact: true })).toHaveValue('Giulia');
  await expect(page.getByLabel('Cognome', { exact: true })).toHaveValue('Bianchi');
});

test('a wrong current password is refused on its field and changes nothing', async ({ page }) => {
  await signIn(page, DEMO.url, DEMO.operator);
  await page.goto(`${DEMO.url}/admin/password`);
  await page.getByRole('textbox', { name: 'Password attuale' }).fill('non-la-mia-password');
  await page.getByRole('textbox', { name: 'Nuova password', exact: true }).fill('UnaNuovaPassword1!');
  await page.getByRole('textbox', { name: 'Conferma la nuova password' }).fill('UnaNuovaPassword1!');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('La password attuale non è corretta.')).toBeVisible();
  // The old password still opens the back office.
  await page.getByRole('button', { name: 'Esci' }).click();
  await signIn(page, DEMO.url, DEMO.operator);
});
