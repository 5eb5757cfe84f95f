import { expect, test } from '@playwright/test';
import { IT_PAGE_TITLES } from '@incontra/contracts/messages/it-page-titles';
import { ACME, DEMO, rgbOf } from '../fixtures/tenants';
import { acceptCookiesUpFront } from '../fixtures/cookies';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

for (const tenant of [DEMO, ACME]) {
  test(`the welcome screen of ${tenant.name} shows its name, colour and both actions`, async ({ page }) => {
    await page.goto(`${tenant.url}/`);
    // The tab's title once the page is there ("Home · Acme"). The shell's HTML starts with the
    // company's name alone, until the page names itself: asserting that first title passed only
    // when the check ran before the page had rendered, and failed whenever the page was quicker.
    await expect(page).toHaveTitle(IT_PAGE_TITLES.of(IT_PAGE_TITLES.welcome, tenant.name));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(tenant.name);
    const join = page.getByRole('button', { name: 'Partecipa' }).or(page.getByRole('link', { name: 'Partecipa' }));
    const book = page.getByRole('button', { name: 'Prenota' }).or(page.getByRole('link', { name: 'Prenota' }));
    await expect(join).toBeVisible();
    await expect(book).toBeVisible();
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', tenant.primaryColor);
    await expect(join).toHaveCSS('background-color', rgbOf(tenant.primaryColor));
  });
}

test('Partecipa leads to the live flow in the visitor remote', async ({ page }) => {
  await page.goto(`${DEMO.url}/`);
  await page
    .getByRole('link', { name: 'Partecipa' })
    .or(page.getByRole('button', { name: 'Partecipa' }))
    .click();
  await expect(page).toHaveURL(/\/partecipa/);
  await expect(page.getByText('Inserisci il tuo nome.')).toBeVisible();
});
