import { expect, test } from '@playwright/test';
import { SESSION } from '@incontra/contracts/constants';
import { ACME, DEMO } from '../fixtures/tenants';
import { acceptCookiesUpFront } from '../fixtures/cookies';
import { signIn } from '../fixtures/auth';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

test('a wrong password is refused with a clear message, the right one opens the back office, logout leaves it', async ({ page }) => {
  await page.goto(`${DEMO.url}/admin/login`);
  // The host decides the company: the form does not ask for it.
  await expect(page.getByLabel('Azienda')).toHaveCount(0);
  await page.getByLabel('Nome utente').fill(DEMO.admin.username);
  await page.getByLabel(/^Password/).fill('sbagliata-123');
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByRole('alert')).toContainText('Nome utente o password non corretti.');
  await expect(page).toHaveURL(`${DEMO.url}/admin/login`);

  await page.getByLabel(/^Password/).fill(DEMO.admin.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page).toHaveURL(`${DEMO.url}/admin`);
  await expect(page.getByRole('button', { name: 'Esci' })).toBeVisible();

  await page.getByRole('button', { name: 'Esci' }).click();
  await expect(page).toHaveURL(`${DEMO.url}/admin/login`);
  // The session is gone on the server too: the back office sends us back to the login.
  await page.goto(`${DEMO.url}/admin`);
  await expect(page).toHaveURL(`${DEMO.url}/admin/login`);
});

test('empty fields get Italian validation messages before any call', async ({ page }) => {
  await page.goto(`${DEMO.url}/admin/login`);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByText('Inserisci il nome utente.')).toBeVisible();
  await expect(page.getByText('Inserisci la password.')).toBeVisible();
});

test('the host decides the company: on the Acme host a call naming Demo is refused, and the form signs in Acme’s own account', async ({ page }) => {
  await page.goto(`${ACME.url}/admin/login`);
  // What a Demo account could still try: the call itself, naming its company on Acme's host.
  const status = await page.evaluate(
    async ({ cookie, header, body }) => {
      const csrf =
        document.cookie
          .split('; ')
          .find((pair) => pair.startsWith(`${cookie}=`))
          ?.slice(cookie.length + 1) ?? '';
      const response = await fetch('/api/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', [header]: csrf },
        body: JSON.stringify(body),
      });
      return response.status;
    },
    {
      cookie: SESSION.csrfCookieName,
      header: SESSION.csrfHeaderName,
      body: { company: DEMO.slug, username: DEMO.admin.username, password: DEMO.admin.password },
    },
  );
  expect(status).toBe(401);
  await expect(page).toHaveURL(`${ACME.url}/admin/login`);
  // The form sends the host's company: the same username opens Acme's back office, not Demo's.
  await signIn(page, ACME.url, ACME.admin);
  await expect(page.getByText('Luca Verdi').first()).toBeVisible();
});

test('the operator signs in too', async ({ page }) => {
  await signIn(page, DEMO.url, DEMO.operator);
});
