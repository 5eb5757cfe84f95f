import { expect, test } from '@playwright/test';
import { ACME } from '../fixtures/tenants';
import { acceptCookiesUpFront } from '../fixtures/cookies';
import { latestMailTo, signIn } from '../fixtures/auth';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

// Acme's operator: an account no other suite signs in with, since this one changes its password.
test('a forgotten password is reset through the link in the outbox e-mail', async ({ page }) => {
  await page.goto(`${ACME.url}/admin/login`);
  await page.getByRole('link', { name: 'Password dimenticata?' }).click();
  await expect(page).toHaveURL(`${ACME.url}/admin/password-dimenticata`);
  await page.getByLabel('E-mail').fill(ACME.operator.email);
  await page.getByRole('button', { name: 'Invia' }).click();
  await expect(page.getByText('Se l’indirizzo è registrato', { exact: false })).toBeVisible();

  const mail = await latestMailTo(page, ACME.operator.email);
  expect(mail?.to).toBe(ACME.operator.email);
  const link = mail!.text.match(/https?:\/\/\S+reimposta-password\?token=[\w-]+/)?.[0];
  expect(link).toMatch(/\/admin\/reimposta-password\?token=[\w-]{20,}$/);

  const newPassword = 'NuovaPassword2026!';
  await page.goto(link!);
  await page.getByLabel(/^Nuova password/).fill(newPassword);
  await page.getByLabel(/^Conferma la nuova password/).fill(newPassword);
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Password aggiornata. Ora puoi accedere.')).toBeVisible();

  // The link is single use.
  await page.goto(link!);
  await page.getByLabel(/^Nuova password/).fill('UnAltraPassword1!');
  await page.getByLabel(/^Conferma la nuova password/).fill('UnAltraPassword1!');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Il link non è valido o è scaduto. Richiedine uno nuovo.')).toBeVisible();

  await signIn(page, ACME.url, { username: ACME.operator.username, password: newPassword });
});
