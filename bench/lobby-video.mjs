// Figure 2 of the live lobby: from the staff's approval to the first decoded remote video frame
// at the visitor, in Chromium with fake media, through the visitor's own pages (waiting step →
// room route → pre-join → call). The staff member is in the room before each approval.
import { chromiumLaunchOptions, sleep } from './lib.mjs';
import { median } from './lobby-client.mjs';
import { loopbackBaselineMs, signedInPage } from './room.mjs';

const STAFF_BROWSER_LOGIN = ['operatore', 'Incontra2026!'];
const REMOTE_VIDEO = '[data-testid="video-tile"][data-local="false"][data-kind="camera"] video';

/**
 * Runs in every document of the visitor's tab: on the room route it marks the route, presses the
 * pre-join "enter" as soon as it is enabled (again only if it is still there 3 s later) and marks
 * the first decoded frame of the remote camera. Marks are wall-clock ms (timeOrigin + now), the
 * same clock as the bench process's approval.
 */
function visitorWatcher({ remoteVideo }) {
  if (window.top !== window) return;
  const mark = (name) => window.__benchMark(name, performance.timeOrigin + performance.now());
  let onRoute = false;
  let clicks = 0;
  let clickedAt = 0;
  let watched = null;
  const check = () => {
    if (!location.pathname.startsWith('/room/')) return;
    if (!onRoute) {
      onRoute = true;
      mark('roomRoute');
    }
    const enter = document.querySelector('[data-testid="prejoin-enter"]');
    const enabled = enter && !enter.disabled && enter.getAttribute('aria-disabled') !== 'true' && !enter.hasAttribute('data-loading');
    if (enabled && (clicks === 0 || performance.now() - clickedAt > 3000)) {
      clicks += 1;
      clickedAt = performance.now();
      mark(clicks === 1 ? 'prejoinClick' : `prejoinClick${clicks}`);
      enter.click();
    }
    const video = document.querySelector(remoteVideo);
    if (video && video !== watched) {
      watched = video;
      video.requestVideoFrameCallback(() => mark('firstFrame'));
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  setInterval(check, 250);
}

/** Picks the room in the name step when the store offers several (native select, radios or a Mantine combobox). */
async function chooseRoom(page, roomName) {
  const field = page.getByTestId('live-room-select');
  await field.waitFor({ timeout: 15_000 });
  if ((await field.evaluate((element) => element.tagName)) === 'SELECT') return field.selectOption({ label: roomName });
  if ((await field.locator('select').count()) === 1) return field.locator('select').selectOption({ label: roomName });
  const radio = field.getByRole('radio', { name: roomName });
  if ((await radio.count()) > 0) return radio.check();
  await field.click();
  await page.getByRole('option', { name: roomName }).click();
}

/** One visitor: from /partecipa to the waiting step with its socket open; answers the request id. */
async function visitorWaiting(page, { baseUrl, target, contracts, name }) {
  const socketStatus = new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().includes(contracts.LOBBY.path)) return;
      socket.on('framereceived', ({ payload }) => String(payload).includes('"status"') && resolve(true));
    });
  });
  const sent = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/send-join-request'), { timeout: 20_000 });
  await page.goto(`${baseUrl}/partecipa?store=${target.storeId}`);
  await page.getByLabel(contracts.IT.visitor.askName).fill(name, { timeout: 15_000 });
  if (target.storeRooms > 1) await chooseRoom(page, target.roomName);
  await page.getByTestId('live-name-form').locator('button[type="submit"]').click();
  const answer = await (await sent).json();
  if (!answer?.request?.id) throw new Error(`lobby bench: send-join-request from the page answered ${JSON.stringify(answer).slice(0, 200)}`);
  if (answer.request.verificationRequired) throw new Error('lobby bench: the visitor was asked for phone verification');
  await page.getByTestId('waiting-step').waitFor({ timeout: 15_000 });
  const viaSocket = await Promise.race([socketStatus, sleep(5000).then(() => false)]);
  return { id: answer.request.id, viaSocket };
}

async function leaveRoom(page, contracts) {
  try {
    await page.getByTestId('control-quit').click({ timeout: 3000 });
    await page.getByRole('dialog').getByRole('button', { name: contracts.IT_ROOM.quit }).click({ timeout: 3000 });
    await page.getByTestId('room-ended').waitFor({ timeout: 5000 });
    return true;
  } catch {
    return false; // Closing the context ends the call anyway.
  }
}

async function oneApproval({ browser, baseUrl, staff, target, contracts, run }) {
  const context = await browser.newContext();
  try {
    const marks = {};
    let reached = () => {};
    const firstFrame = new Promise((resolve) => (reached = resolve));
    await context.exposeBinding('__benchMark', (_source, name, at) => {
      marks[name] ??= at;
      if (name === 'firstFrame') reached();
    });
    await context.addInitScript(([key]) => window.localStorage.setItem(key, 'accepted'), [contracts.COOKIE_CONSENT_STORAGE_KEY]);
    await context.addInitScript(visitorWatcher, { remoteVideo: REMOTE_VIDEO });
    const page = await context.newPage();
    const { id, viaSocket } = await visitorWaiting(page, { baseUrl, target, contracts, name: `Visitatore video ${run + 1}` });

    const approvedAt = performance.timeOrigin + performance.now();
    await staff.expectOk('POST', `/api/video-room/join-request/${id}/approve`);
    const answeredAt = performance.timeOrigin + performance.now();
    let timer;
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`lobby bench: no remote frame at the visitor 30 s after approval (reached: ${Object.keys(marks).join(', ') || 'nothing'})`)), 30_000);
    });
    await Promise.race([firstFrame, timeout]).finally(() => clearTimeout(timer));
    const since = (name) => (marks[name] === undefined ? null : Math.round(marks[name] - approvedAt));
    const left = await leaveRoom(page, contracts);
    return {
      totalMs: since('firstFrame'),
      approveAnsweredMs: Math.round(answeredAt - approvedAt),
      roomRouteMs: since('roomRoute'),
      prejoinClickMs: since('prejoinClick'),
      prejoinClicks: Object.keys(marks).filter((name) => name.startsWith('prejoinClick')).length,
      waitingViaSocket: viaSocket,
      leftWithQuitButton: left,
    };
  } finally {
    await context.close();
  }
}

export async function approvalToFirstFrame({ chromium, baseUrl, staff, target, contracts, iterations }) {
  const browser = await chromium.launch(chromiumLaunchOptions({ fakeMedia: true }));
  try {
    const loopback = await loopbackBaselineMs(browser);
    const inRoom = await signedInPage(browser, baseUrl, STAFF_BROWSER_LOGIN);
    await inRoom.page.goto(`${baseUrl}/room/${target.roomId}`);
    await inRoom.page.getByTestId('prejoin-enter').click({ timeout: 20_000 });
    await inRoom.page.getByTestId('room-header').waitFor({ timeout: 20_000 });
    const runs = [];
    for (let run = 0; run < iterations; run += 1) {
      runs.push(await oneApproval({ browser, baseUrl, staff, target, contracts, run }));
      await sleep(1500);
    }
    await inRoom.context.close();
    const totals = runs.map(({ totalMs }) => totalMs);
    const medianOf = (key) => median(runs.map((entry) => entry[key]));
    return {
      iterations,
      medianMs: median(totals),
      minMs: Math.min(...totals),
      maxMs: Math.max(...totals),
      runsMs: totals,
      bareLoopbackMedianMs: Math.round(median(loopback)),
      bareLoopbackRunsMs: loopback.map((value) => Math.round(value)),
      ratio: Math.round((median(totals) / median(loopback)) * 10) / 10,
      medianBreakdownMs: { approveCallAnswered: medianOf('approveAnsweredMs'), visitorOnRoomRoute: medianOf('roomRouteMs'), preJoinEnterPressed: medianOf('prejoinClickMs'), firstRemoteFrame: median(totals) },
      runs,
      note: 'Chromium, fake camera. The visitor goes through /partecipa (name, room) to the waiting step with its lobby socket open; a staff member (operatore) is already in the room in another browser context. The clock starts just before the approval (POST …/approve by admin from the bench process) and stops at the first decoded frame of the staff camera at the visitor (requestVideoFrameCallback), so it includes the approval, the `status` push, the visitor\'s move to the room route, the pre-join page, the guest join call, signalling and ICE. The pre-join "Entra nella stanza" button is pressed programmatically as soon as it is enabled. Baseline, same browser and run: one page, camera already open, two RTCPeerConnections looped back until the first decoded frame (room.mjs; BENCH_ROOM_ITERATIONS runs). videoRoom.joinToFirstRemoteFrame is the same room join without the lobby.',
    };
  } finally {
    await browser.close();
  }
}
