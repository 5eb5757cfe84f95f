import { expect, test, type Page, type WebSocketRoute } from '@playwright/test';
import { DEMO } from '../fixtures/tenants';
import { enterRoom, expectVideoFlowing, remoteCameraTiles, roomIdByName, staffContext } from '../fixtures/rooms';

/**
 * Every signalling socket of the page goes through the test, which can cut it like a network
 * failure would; reconnections go through the same route and reach the real server again.
 */
async function cuttableSignalling(page: Page): Promise<{ cut(): void }> {
  const live = new Set<WebSocketRoute>();
  await page.routeWebSocket(/\/api\/realtime\/room$/, (socket) => {
    socket.connectToServer();
    live.add(socket);
    socket.onClose(() => live.delete(socket));
  });
  return {
    cut() {
      for (const socket of live) void socket.close({ code: 4000, reason: 'network lost' });
      live.clear();
    },
  };
}

test('the signalling socket cut mid-call: both sides recover without leaving the room', async ({ browser }) => {
  test.setTimeout(120_000);
  const anna = await staffContext(browser, DEMO.url, DEMO.admin);
  const marco = await staffContext(browser, DEMO.url, DEMO.operator);
  const roomId = await roomIdByName(anna.page, 'Sala Roma');
  const annaLine = await cuttableSignalling(anna.page);
  const marcoLine = await cuttableSignalling(marco.page);

  await enterRoom(anna.page, DEMO.url, roomId);
  await enterRoom(marco.page, DEMO.url, roomId);
  await expectVideoFlowing(remoteCameraTiles(anna.page).locator('video'));
  await expectVideoFlowing(remoteCameraTiles(marco.page).locator('video'));

  annaLine.cut();
  marcoLine.cut();
  await expect(anna.page.getByTestId('room-banner-reconnecting')).toBeVisible();

  await expect(anna.page.getByTestId('room-banner-reconnecting')).toBeHidden({ timeout: 20_000 });
  await expect(marco.page.getByTestId('room-banner-reconnecting')).toBeHidden({ timeout: 20_000 });
  await expect(remoteCameraTiles(anna.page)).toHaveCount(1);
  await expect(remoteCameraTiles(marco.page)).toHaveCount(1);
  await expectVideoFlowing(remoteCameraTiles(anna.page).locator('video'));
  await expectVideoFlowing(remoteCameraTiles(marco.page).locator('video'));

  // Signalling works again: a screen share needs a new negotiation through it.
  await anna.page.getByTestId('control-screen').click();
  await expect(marco.page.locator('[data-testid="video-tile"][data-kind="screen"]')).toHaveCount(1);
  await anna.page.getByTestId('control-screen').click();

  // Closing the tab says goodbye: the other side sees the leave at once, not after the 30 s seat.
  await marco.page.close();
  await expect(remoteCameraTiles(anna.page)).toHaveCount(0, { timeout: 5000 });

  await anna.context.close();
  await marco.context.close();
});
