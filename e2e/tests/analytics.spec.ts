import { expect, test, type Page } from '@playwright/test';
import { DEMO } from '../fixtures/tenants';
import { acceptCookiesUpFront } from '../fixtures/cookies';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

interface PageView {
  event: string;
  page_path: string;
  user_type: string;
}

const pageViews = (page: Page) =>
  page.evaluate(() => ((window as unknown as { dataLayer?: PageView[] }).dataLayer ?? []).filter((entry) => entry.event === 'page_view'));

test('page views are pushed on load and on every route change, with the user type', async ({ page }) => {
  await page.goto(`${DEMO.url}/`);
  await expect.poll(() => pageViews(page)).toContainEqual(expect.objectContaining({ page_path: '/', user_type: 'user' }));

  await page
    .getByRole('link', { name: 'Partecipa' })
    .or(page.getByRole('button', { name: 'Partecipa' }))
    .click();
  await expect.poll(() => pageViews(page)).toContainEqual(expect.objectContaining({ page_path: '/partecipa', user_type: 'user' }));

  await page.goto(`${DEMO.url}/admin/login`);
  await page.getByLabel('Nome utente').fill(DEMO.admin.username);
  await page.getByLabel(/^Password/).fill(DEMO.admin.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page).toHaveURL(`${DEMO.url}/admin`);
  await expect.poll(() => pageViews(page)).toContainEqual(expect.objectContaining({ page_path: '/admin', user_type: 'admin' }));
  const views = await pageViews(page);
  expect(views.find((view) => view.page_path === '/admin/login')?.user_type).toBe('user');
});
