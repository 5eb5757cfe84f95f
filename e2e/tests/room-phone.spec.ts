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
