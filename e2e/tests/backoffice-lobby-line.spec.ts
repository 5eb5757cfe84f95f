import { expect, test, type WebSocket } from '@playwright/test';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { LOBBY } from '@incontra/contracts/realtime/lobby';
import { closedAfterEachTest } from '../fixtures/contexts';
import { markPage, uniqueVisitorName, visitorAsks, visitorContext } from '../fixtures/lobby';
import { staffContext } from '../fixtures/rooms';
import { ACME } from '../fixtures/tenants';

/*
 * A back-office tab holds one staff lobby socket whatever the page: the navigation's badge, the
 * dashboard and the agenda share it, and the badge follows the queue through it, at once, without
 * polling the queue and without a reload. On Acme, where no other suite leaves visitors waiting.
 */

const closeAfterTest = closedAfterEachTest();

const isLobby = (socket: WebSocket) => new URL(socket.url()).pathname === LOBBY.path;

test('on the agenda, a visitor’s new request shows in the badge at once, over the tab’s one lobby socket', async ({ browser }) => {
  const staff = await staffContext(browser, ACME.url, ACME.admin);
  closeAfterTest(staff.context);
  const { page } = staff;
  const lobbySockets: WebSocket[] = [];
  page.on('websocket', (socket) => {
    if (isLobby(socket)) lobbySockets.push(socket);
  });
  const welcomed = page
    .waitForEvent('websocket', isLobby)
    .then((socket) => socket.waitForEvent('framereceived', (frame) => String(frame.payload).includes('"type":"queue"')));

  await page.goto(`${ACME.url}/admin`);
  const { requests } = JSON.parse(String((await welcomed).payload)) as { requests: unknown[] };
  const waitingBefore = requests.length;
  // From the welcome on, the socket says who waits: nothing asks the queue over HTTP.
  const queueCalls: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/bo/join-requests') queueCalls.push(request.url());
  });

  await page.getByRole('navigation', { name: IT_BACKOFFICE.navLabel }).getByRole('link', { name: IT_AGENDA.nav, exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/agenda(?:[?#]|$)/);
  await expect(page.getByRole('heading', { level: 1, name: IT_AGENDA.nav })).toBeVisible();
  const notReloaded = await markPage(page);

  const visitor = await visitorContext(browser);
  closeAfterTest(visitor.context);
  await visitorAsks(visitor.page, ACME.url, 0, uniqueVisitorName());
  const badge = page.getByTestId('queue-count');
  await expect(badge).toHaveText(String(waitingBefore + 1));

  // The visitor leaves: the badge follows that way too.
  await visitor.page.close();
  if (waitingBefore === 0) await expect(badge).toHaveCount(0, { timeout: 15_000 });
  else await expect(badge).toHaveText(String(waitingBefore), { timeout: 15_000 });

  await notReloaded();
  expect(lobbySockets).toHaveLength(1);
  expect(lobbySockets[0]!.isClosed()).toBe(false);
  expect(queueCalls).toEqual([]);
});
