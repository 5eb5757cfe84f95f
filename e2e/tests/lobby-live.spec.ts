import { expect, test, type Response, type Route } from '@playwright/test';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { closedAfterEachTest } from '../fixtures/contexts';
import {
  approve,
  approveButton,
  expectWaiting,
  markPage,
  queueItem,
  staffEntersRoom,
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
 * The live lobby on Demo's first store (Milano Centro: no phone verification, two rooms): a
 * visitor asks to talk, staff answer from the live queue, both meet in the room. Visitor and
 * staff are separate browser contexts; every test opens its own and closes them at the end.
 */

const FIRST_STORE = 0;
const STORE_NAME = 'Milano Centro';
const ROOM = 'Sala Consulenza';

const closeAfterTest = closedAfterEachTest();

async function openVisitor(browser: Parameters<typeof visitorContext>[0]) {
  const visitor = await visitorContext(browser);
  closeAfterTest(visitor.context);
  return visitor;
}

async function openStaff(browser: Parameters<typeof visitorContext>[0], credentials: { username: string; password: string }) {
  const staff = await staffContext(browser, DEMO.url, credentials);
  closeAfterTest(staff.context);
  await staffOpensQueue(staff.page, DEMO.url);
  return staff;
}

test('busy, then approved: the request appears live, the visitor keeps waiting, both meet with video', async ({ browser }) => {
  test.setTimeout(150_000);
  const staff = await openStaff(browser, DEMO.operator);
  const visitor = await openVisitor(browser);
  const name = uniqueVisitorName();
  const busyMessage = `Sono con un altro cliente, tra poco sono da te (${name}).`;
  const notReloaded = await markPage(staff.page);

  const requestId = await visitorAsks(visitor.page, DEMO.url, FIRST_STORE, name, ROOM);

  await test.step('no phone step for this store: the visitor waits at once', async () => {
    await expectWaiting(visitor.page);
    await expect(visitor.page.getByTestId('phone-form')).toHaveCount(0);
  });

  await test.step("while it waits, the room's code and its media library arrive ahead", async () => {
    const fetched = () => visitor.page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
    await expect
      .poll(fetched)
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^\/mfe\/room\/remoteEntry\.js$|^\/mfe\/room\/mf-manifest\.json$/),
          expect.stringMatching(/^\/mfe\/room\/twilio-video\.[0-9a-f]+\.js$/),
        ]),
      );
    await expect(visitor.page).toHaveURL(/\/partecipa/);
  });

  await test.step('the request appears in the open queue without a reload', async () => {
    const item = queueItem(staff.page, name);
    await expect(item).toBeVisible();
    await expect(item).toHaveAttribute('data-request-id', requestId);
    await expect(item.getByTestId('queue-item-store')).toContainText(STORE_NAME);
    await expect(item.getByTestId('queue-item-waiting')).toBeVisible();
    await expect(staff.page.getByTestId('queue-empty')).toHaveCount(0);
    await notReloaded();
  });

  await test.step("'Occupato' with a message: the visitor reads it and keeps waiting", async () => {
    await staffReplies(staff.page, name, 'busy', busyMessage);
    const busy = visitor.page.getByTestId('outcome-busy');
    await expect(busy).toBeVisible();
    await expect(busy.getByTestId('outcome-message')).toHaveText(busyMessage);
    await expect(busy.getByTestId('book-instead')).toBeVisible();
    // Busy keeps the request in the queue, marked as such.
    await expect(queueItem(staff.page, name)).toHaveAttribute('data-status', 'busy');
    await busy.getByTestId('keep-waiting').click();
    await expectWaiting(visitor.page);
  });

  await test.step("'Accetta': staff and visitor both reach the same room", async () => {
    const roomId = await approve(staff.page, name);
    expect(await visitorEntersRoom(visitor.page, requestId, name)).toBe(roomId);
    await expect(visitor.page.getByTestId('room-header')).toContainText(ROOM);
  });

  await test.step('each sees the other one video moving', async () => {
    await expect(remoteCameraTiles(visitor.page)).toHaveCount(1);
    await expect(remoteCameraTiles(staff.page)).toHaveCount(1);
    // Staff see the visitor under the name it gave.
    await expect(remoteCameraTiles(staff.page)).toHaveAttribute('aria-label', name);
    await expectVideoFlowing(remoteCameraTiles(visitor.page).locator('video'));
    await expectVideoFlowing(remoteCameraTiles(staff.page).locator('video'));
  });
});

test('rejected with a message: the visitor reads it and is offered an appointment', async ({ browser }) => {
  const staff = await openStaff(browser, DEMO.operator);
  const visitor = await openVisitor(browser);
  const name = uniqueVisitorName();
  const message = `Oggi il negozio chiude prima, scrivici domani (${name}).`;

  await visitorAsks(visitor.page, DEMO.url, FIRST_STORE, name, ROOM);
  await expectWaiting(visitor.page);
  await expect(queueItem(staff.page, name)).toBeVisible();

  await staffReplies(staff.page, name, 'reject', message);
  const rejected = visitor.page.getByTestId('outcome-rejected');
  await expect(rejected).toBeVisible();
  await expect(rejected.getByTestId('outcome-message')).toHaveText(message);
  // A rejection is final: it leaves the queue.
  await expect(queueItem(staff.page, name)).toHaveCount(0);

  const book = rejected.getByRole('link', { name: IT_LOBBY.visitor.bookInstead });
  await expect(book).toBeVisible();
  await book.click();
  await expect(visitor.page).toHaveURL(/\/prenota(?:[/?#]|$)/);
});

test('the visitor closes its tab: the request leaves the staff queue within seconds', async ({ browser }) => {
  const staff = await openStaff(browser, DEMO.operator);
  const visitor = await openVisitor(browser);
  const name = uniqueVisitorName();

  await visitorAsks(visitor.page, DEMO.url, FIRST_STORE, name, ROOM);
  await expectWaiting(visitor.page);
  await expect(queueItem(staff.page, name)).toBeVisible();

  await visitor.page.close();
  await expect(queueItem(staff.page, name)).toHaveCount(0, { timeout: 8000 });
});

test('two staff approve at the same moment: one gets the call, the other is told and stays on the queue', async ({ browser }) => {
  test.setTimeout(120_000);
  const anna = await openStaff(browser, DEMO.admin);
  const marco = await openStaff(browser, DEMO.operator);
  const visitor = await openVisitor(browser);
  const name = uniqueVisitorName();

  const requestId = await visitorAsks(visitor.page, DEMO.url, FIRST_STORE, name, ROOM);
  await expectWaiting(visitor.page);
  const staffPages = [anna.page, marco.page];
  for (const page of staffPages) await expect(approveButton(page, name)).toBeEnabled();

  // Every approve answer, and every request for a place in a room, per staff member.
  const roomJoins: string[][] = staffPages.map(() => []);
  const answers: Response[][] = staffPages.map((page, index) => {
    const seen: Response[] = [];
    page.on('response', (response) => {
      if (response.request().method() === 'POST' && response.url().endsWith(`/join-request/${requestId}/approve`)) seen.push(response);
    });
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/video-room\/[^/]+\/join$/.test(new URL(request.url()).pathname)) roomJoins[index]!.push(request.url());
    });
    return seen;
  });

  // Both approvals reach the API together: each is held in its browser until the other has left
  // too. Without the hold, on a loaded machine one page's click could run after the other's
  // approval had already taken the request off its queue, and never leave at all.
  const held: Route[] = [];
  let releaseBoth!: () => void;
  const bothHeld = new Promise<void>((resolve) => (releaseBoth = resolve));
  const isApproval = (url: URL) => url.pathname.endsWith(`/join-request/${requestId}/approve`);
  for (const page of staffPages) {
    await page.route(isApproval, async (route) => {
      held.push(route);
      if (held.length === staffPages.length) releaseBoth();
      await bothHeld;
      await route.continue();
    });
  }
  const buttons = await Promise.all(staffPages.map((page) => approveButton(page, name).elementHandle()));
  await Promise.all(buttons.map((button) => button!.evaluate((element) => (element as HTMLElement).click())));

  await expect.poll(() => answers.flat().length, { message: 'both approvals answered' }).toBe(2);
  const statuses = answers.map((seen) => seen.map((response) => response.status()));
  expect(statuses.flat().sort()).toEqual([200, 409]);
  const winnerIndex = statuses.findIndex((seen) => seen.includes(200));
  const winner = staffPages[winnerIndex]!;
  const loser = staffPages[1 - winnerIndex]!;
  const { roomId } = (await answers[winnerIndex]![0]!.json()) as { roomId: string };

  await test.step('the loser is told the request was taken and stays on the queue', async () => {
    const told = loser.getByTestId('queue-taken').or(loser.getByText(IT_LOBBY.errors.takenByOther)).or(loser.getByText(IT_LOBBY.staff.alreadyTaken));
    await expect(told.first()).toBeVisible();
    await expect(loser).toHaveURL(/\/admin\/diretta(?:[?#]|$)/);
    await expect(loser.getByTestId('live-queue')).toBeVisible();
  });

  await test.step('the winner and the visitor are in the call, just the two of them', async () => {
    await staffEntersRoom(winner, roomId);
    expect(await visitorEntersRoom(visitor.page, requestId, name)).toBe(roomId);
    await expect(remoteCameraTiles(visitor.page)).toHaveCount(1);
    await expect(remoteCameraTiles(winner)).toHaveCount(1);
    // Nobody else turns up in the visitor's call: a place needs a room token, and the loser, told
    // and back on the queue, never asked for one (no waiting for an absence).
    await expect(loser).toHaveURL(/\/admin\/diretta(?:[?#]|$)/);
    expect(roomJoins[1 - winnerIndex]).toEqual([]);
    // The recorder sees room joins: the winner's is there.
    expect(roomJoins[winnerIndex]!.length).toBeGreaterThan(0);
    await expect(remoteCameraTiles(visitor.page)).toHaveCount(1);
  });
});
