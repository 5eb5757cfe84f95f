import { expect, test } from '@playwright/test';
import { DEMO } from '../fixtures/tenants';

test('the cookie banner shows until accepted, then stays gone after a reload', async ({ page }) => {
  await page.goto(`${DEMO.url}/`);
  await expect(page.getByText('Questo sito web utilizza i cookie per assicurarti la migliore esperienza possibile.')).toBeVisible();
  const learnMore = page.getByRole('link', { name: 'Scopri di più' });
  await expect(learnMore).toBeVisible();
  // Demo has its own privacy text: the link leads to its page on this site, in the same tab.
  await expect(learnMore).toHaveAttribute('href', '/privacy');
  await expect(learnMore).not.toHaveAttribute('target', '_blank');

  await page.getByRole('button', { name: 'Ok, ho capito' }).click();
  await expect(page.getByRole('button', { name: 'Ok, ho capito' })).toBeHidden();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Questo sito web utilizza i cookie', { exact: false })).toBeHidden();
});
