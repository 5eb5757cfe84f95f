import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../fixtures/auth';
import { enterRoom, roomIdByName } from '../fixtures/rooms';
import { DEMO } from '../fixtures/tenants';

/*
 * The cookie banner is NOT accepted here (no acceptCookiesUpFront): it stays fixed on the bottom
 * edge while the staff member enters a room, and must not cover the room's control bar. A click
 * fails when another element would receive it, so clicking the controls is the proof.
 */
const banner = (page: Page) => page.getByRole('region', { name: 'Cookie' });

for (const viewport of [
  { width: 320, height: 640 },
  { width: 1280, height: 720 },
]) {
  test(`with the cookie banner shown, the room's controls stay clickable at ${viewport.width} px`, async ({ browser }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    // Sala Roma: a Demo room without a participant limit, so other suites' seats never fill it.
    await signIn(page, DEMO.url, DEMO.admin);
    await enterRoom(page, DEMO.url, await roomIdByName(page, 'Sala Roma'));
    await expect(banner(page)).toBeVisible();

    // The bar ends where the banner begins.
    const controls = await page.getByTestId('room-controls').boundingBox();
    const bannerBox = await banner(page).boundingBox();
    expect(controls && bannerBox && controls.y + controls.height).toBeLessThanOrEqual((bannerBox?.y ?? 0) + 0.5);

    const microphone = page.getByTestId('control-microphone');
    await expect(microphone).toHaveAttribute('aria-pressed', 'true');
    await microphone.click({ timeout: 5_000 });
    await expect(microphone).toHaveAttribute('aria-pressed', 'false');

    await page.getByTestId('control-quit').click({ timeout: 5_000 });
    await page.getByRole('dialog').getByRole('button', { name: 'Esci' }).click({ timeout: 5_000 });
    await expect(page.getByTestId('room')).toBeHidden();
    await context.close();
  });
}
