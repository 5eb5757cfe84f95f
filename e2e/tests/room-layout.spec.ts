import { expect, test, type Page } from '@playwright/test';
import { auditState } from '../fixtures/axe';
import { closedAfterEachTest } from '../fixtures/contexts';
import { approve, staffOpensQueue, uniqueVisitorName, visitorAsks, visitorContext, visitorEntersRoom } from '../fixtures/lobby';
import { localIdentity, participantTile, staffContext, tilesOffScreen } from '../fixtures/rooms';
import { DEMO } from '../fixtures/tenants';

/*
 * Issue 24 §2: with a visitor whose camera is off, staff used to see only their own self-view,
 * the visitor's "Solo audio" entry pushed below the control bar. Here a visitor and a staff
 * member meet through the live queue (Demo, Milano Centro, Sala Consulenza), the visitor turns
 * the camera off, and at a desktop's and a phone's size every participant's tile must sit
 * inside the viewport, between the header and the control bar, with nothing on top of it.
 */

const ROOM = 'Sala Consulenza';
const SIZES = [
  { width: 1280, height: 800 },
  { width: 360, height: 640 },
] as const;

const closeAfterTest = closedAfterEachTest();

async function expectEveryoneOnScreen(page: Page, identities: string[]): Promise<void> {
  for (const identity of identities) await expect(participantTile(page, identity)).toBeVisible();
  // The tiles are laid out again after a resize: polled until they have settled.
  await expect.poll(() => tilesOffScreen(page, identities), { timeout: 10_000 }).toEqual([]);
}

test('every participant keeps a tile on screen when the visitor turns the camera off; the chat works by keyboard', async ({ browser }, testInfo) => {
  test.setTimeout(150_000);
  const staff = await staffContext(browser, DEMO.url, DEMO.operator);
  closeAfterTest(staff.context);
  const visitor = await visitorContext(browser);
  closeAfterTest(visitor.context);
  await staff.page.setViewportSize(SIZES[0]);
  await visitor.page.setViewportSize(SIZES[0]);
  await staffOpensQueue(staff.page, DEMO.url);

  const name = uniqueVisitorName();
  const requestId = await visitorAsks(visitor.page, DEMO.url, 0, name, ROOM);
  await approve(staff.page, name);
  await visitorEntersRoom(visitor.page, requestId, name);
  const staffId = await localIdentity(staff.page);
  const visitorId = await localIdentity(visitor.page);
  const everyone = [staffId, visitorId];

  await test.step('the visitor turns the camera off', async () => {
    await expect(participantTile(staff.page, visitorId)).toHaveAttribute('data-testid', 'video-tile');
    await visitor.page.getByTestId('control-camera').click();
    await expect(visitor.page.getByTestId('control-camera')).toHaveAttribute('aria-pressed', 'false');
    await expect(staff.page.locator(`[data-testid="video-tile"][data-identity="${visitorId}"]`)).toHaveCount(0);
  });

  for (const size of SIZES) {
    await test.step(`at ${size.width}×${size.height} both see every participant inside the viewport`, async () => {
      for (const page of [staff.page, visitor.page]) await page.setViewportSize(size);
      await expectEveryoneOnScreen(staff.page, everyone);
      await expectEveryoneOnScreen(visitor.page, everyone);
      // The camera-off tile still says who it is and whether the microphone is on.
      await expect(participantTile(staff.page, visitorId)).toContainText(name);
      await expect(participantTile(staff.page, visitorId)).toHaveAttribute('data-muted', 'false');
      await staff.page.screenshot({ path: testInfo.outputPath(`staff-${size.width}x${size.height}.png`) });
      await visitor.page.screenshot({ path: testInfo.outputPath(`visitor-${size.width}x${size.height}.png`) });
    });
  }

  await test.step('with a screen share too, every participant stays on screen at both sizes', async () => {
    await staff.page.getByTestId('control-screen').click();
    await expect(visitor.page.locator(`[data-testid="video-tile"][data-kind="screen"][data-identity="${staffId}"]`)).toBeVisible();
    for (const size of [...SIZES].reverse()) {
      for (const page of [staff.page, visitor.page]) await page.setViewportSize(size);
      await expectEveryoneOnScreen(visitor.page, everyone);
      await expectEveryoneOnScreen(staff.page, everyone);
      await visitor.page.screenshot({ path: testInfo.outputPath(`visitor-screen-share-${size.width}x${size.height}.png`) });
    }
    await staff.page.getByTestId('control-screen').click();
    await expect(visitor.page.locator('[data-testid="video-tile"][data-kind="screen"]')).toHaveCount(0);
  });

  await test.step('the chat by keyboard: focus in the message field, typing never toggles the camera, Escape back to the button', async () => {
    const page = staff.page;
    const chatButton = page.getByTestId('control-chat');
    const camera = page.getByTestId('control-camera');
    await expect(camera).toHaveAttribute('aria-pressed', 'true');
    await chatButton.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('chat-input')).toBeFocused();
    await page.keyboard.type('Vedo tutto, va bene');
    await expect(page.getByTestId('chat-input')).toHaveValue('Vedo tutto, va bene');
    await page.keyboard.press('Enter');
    await expect(visitor.page.getByTestId('chat-unread')).toHaveText('1');
    await expect(camera).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('control-microphone')).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('chat-panel')).toHaveCount(0);
    await expect(chatButton).toBeFocused();
    // Back on the button, the shortcuts work again.
    await page.keyboard.press('v');
    await expect(camera).toHaveAttribute('aria-pressed', 'false');
    await page.keyboard.press('v');
    await expect(camera).toHaveAttribute('aria-pressed', 'true');
  });

  await test.step('axe on the states this suite reaches: a participant without camera, the chat open, the end screen', async () => {
    const page = staff.page;
    await auditState(page, 'room: a visitor without camera');
    await page.getByTestId('control-chat').click();
    await expect(page.getByTestId('chat-input')).toBeFocused();
    await auditState(page, 'room: chat open, a visitor without camera');
    await page.keyboard.press('Escape');
    await page.getByTestId('control-quit').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Esci' }).click();
    await expect(page.getByTestId('room-ended')).toBeVisible();
    // Leaving puts the focus on the end screen's heading.
    await expect(page.getByTestId('room-ended-heading')).toBeFocused();
    await auditState(page, 'room: ended');
    await auditState(visitor.page, 'room: the visitor, camera off, the staff member gone');
  });
});
