import { expect, test } from '@playwright/test';
import { closedAfterEachTest } from '../fixtures/contexts';
import {
  approve,
  CLUSTER,
  expectWaiting,
  markPage,
  queueItem,
  staffOpensQueue,
  staffReplies,
  uniqueVisitorName,
  visitorAsks,
  visitorContext,
  visitorEntersRoom,
} from '../fixtures/lobby';
import { expectVideoFlowing, remoteCameraTiles, staffContext } from '../fixtures/rooms';
import { DEMO } from '../fixtures/tenants';

/**
 * Two API processes (e2e/scripts/start-cluster.mjs) share one PostgreSQL database and Redis.
 * The visitor talks to one process, staff to the other: the request, the answers and the room's
 * signalling must all cross between them.
 */

const FIRST_STORE = 0;
const ROOM = 'Sala Consulenza';

const closeAfterTest = closedAfterEachTest();

test('a request sent through one process reaches staff on the other; approved, both meet with video', async ({ browser }) => {
  test.setTimeout(150_000);
  const staff = await staffContext(browser, CLUSTER.second, DEMO.operator);
  closeAfterTest(staff.context);
  const visitor = await visitorContext(browser);
  closeAfterTest(visitor.context);
  await staffOpensQueue(staff.page, CLUSTER.second);
  const notReloaded = await markPage(staff.page);
  const name = uniqueVisitorName();

  const requestId = await visitorAsks(visitor.page, CLUSTER.first, FIRST_STORE, name, ROOM);
  await expectWaiting(visitor.page);

  await test.step('the request appears live in the queue served by the other process', async () => {
    await expect(queueItem(staff.page, name)).toHaveAttribute('data-request-id', requestId);
    await notReloaded();
  });

  await test.step('the approval reaches the visitor; both enter the room, each on its own process', async () => {
    const roomId = await approve(staff.page, name);
    expect(await visitorEntersRoom(visitor.page, requestId, name)).toBe(roomId);
    expect(new URL(visitor.page.url()).origin).toBe(CLUSTER.first);
    expect(new URL(staff.page.url()).origin).toBe(CLUSTER.second);
  });

  await test.step('each sees the other one video moving', async () => {
    await expect(remoteCameraTiles(visitor.page)).toHaveCount(1);
    await expect(remoteCameraTiles(staff.page)).toHaveCount(1);
    await expectVideoFlowing(remoteCameraTiles(visitor.page).locator('video'));
    await expectVideoFlowing(remoteCameraTiles(staff.page).locator('video'));
  });
});

test('the other way round: staff on the first process reject, the visitor on the second reads the message', async ({ browser }) => {
  const staff = await staffContext(browser, CLUSTER.first, DEMO.admin);
  closeAfterTest(staff.context);
  const visitor = await visitorContext(browser);
  closeAfterTest(visitor.context);
  await staffOpensQueue(staff.page, CLUSTER.first);
  const name = uniqueVisitorName();
  const message = `Richiamaci più tardi, grazie (${name}).`;

  await visitorAsks(visitor.page, CLUSTER.second, FIRST_STORE, name, ROOM);
  await expectWaiting(visitor.page);
  await expect(queueItem(staff.page, name)).toBeVisible();

  await staffReplies(staff.page, name, 'reject', message);
  const rejected = visitor.page.getByTestId('outcome-rejected');
  await expect(rejected).toBeVisible();
  await expect(rejected.getByTestId('outcome-message')).toHaveText(message);
  await expect(queueItem(staff.page, name)).toHaveCount(0);
});
