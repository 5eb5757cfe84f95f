import { expect, test } from '@playwright/test';
import { signIn } from '../fixtures/auth';
import { acceptCookiesUpFront } from '../fixtures/cookies';
import { enterRoom, roomIdByName } from '../fixtures/rooms';
import { ACME } from '../fixtures/tenants';

test('the room works on a 320 px wide phone: nothing overflows, every control is reachable, the chat covers the screen', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await acceptCookiesUpFront(page);
  // Acme's room: the Demo rooms are busy with the other room suites running beside this one.
  await signIn(page, ACME.url, ACME.admin);
  await enterRoom(page, ACME.url, await roomIdByName(page, 'Sala Acme'));

  await expect(page.getByTestId('room')).toHaveAttribute('data-layout', 'phone');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  for (const control of ['microphone', 'camera', 'screen', 'blur', 'background', 'chat', 'participants', 'quit']) {
    const button = page.getByTestId(`control-${control}`);
    await expect(button).toBeInViewport();
    await expect(button).toHaveAccessibleName(/\S/);
  }
  await page.getByTestId('control-chat').click();
  await expect(page.getByTestId('chat-panel')).toHaveAttribute('data-layout', 'overlay');
  const panel = await page.getByTestId('chat-panel').boundingBox();
  expect(panel?.width).toBeGreaterThanOrEqual(319);
  await context.close();
});

test('the pre-join on a 360×740 phone: "Entra nella stanza" in view without scrolling; microphone and camera off before entering stay off inside', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await acceptCookiesUpFront(page);
  await signIn(page, ACME.url, ACME.admin);
  await page.goto(`${ACME.url}/room/${await roomIdByName(page, 'Sala Acme')}`);
  const enter = page.getByTestId('prejoin-enter');
  await expect(page.getByTestId('prejoin-preview')).toBeVisible();
  await expect(enter).toBeEnabled();
  await expect(enter).toHaveText('Entra nella stanza');
  await expect(enter).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.screenshot({ path: test.info().outputPath('prejoin-360x740.png') });

  const microphone = page.getByTestId('prejoin-toggle-microphone');
  const camera = page.getByTestId('prejoin-toggle-camera');
  await microphone.click();
  await camera.click();
  await expect(microphone).toHaveAttribute('aria-pressed', 'false');
  await expect(camera).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('prejoin-preview')).toHaveCount(0);
  await expect(enter).toBeInViewport({ ratio: 1 });

  await enter.click();
  await expect(page.getByTestId('room-header')).toBeVisible();
  // Entering puts the focus on the room's heading.
  await expect(page.getByTestId('room-heading')).toBeFocused();
  await expect(page.getByTestId('control-microphone')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('control-camera')).toHaveAttribute('aria-pressed', 'false');
  const mine = page.locator('[data-testid="video-tile"][data-local="true"]');
  await expect(mine).toHaveAttribute('data-muted', 'true');
  await expect(mine.getByTestId('tile-no-video')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('room-360x740-camera-off.png') });
  await context.close();
});
