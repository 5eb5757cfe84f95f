import { expect, test } from '@playwright/test';
import { DEMO } from '../fixtures/tenants';
import { acceptCookiesUpFront } from '../fixtures/cookies';

test.beforeEach(async ({ page }) => acceptCookiesUpFront(page));

test('the device check previews the fake camera and reports both permissions granted', async ({ page }) => {
  await page.goto(`${DEMO.url}/room/verifica`);
  await expect(page.getByText('Verifica dispositivi')).toBeVisible();
  const video = page.getByLabel('Fotocamera', { exact: true }).and(page.locator('video'));
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.videoWidth)).toBeGreaterThan(0);
  await expect(page.getByText('Consentito')).toHaveCount(2);
  await expect(page.getByText('Il browser ha negato l’accesso', { exact: false })).toBeHidden();
});
