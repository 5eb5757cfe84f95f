// Figures of the video room issue: join → first remote frame against a bare RTCPeerConnection
// loopback page, received frame rate and resolution with and without blur, CPU, room route JS.
import { gzipSync } from 'node:zlib';
import { besideBaseline, chromiumCpu, chromiumCpuBetween, chromiumLaunchOptions, round, sleep } from './lib.mjs';

const ITERATIONS = Number(process.env.BENCH_ROOM_ITERATIONS ?? 5);
const SAMPLE_MS = Number(process.env.BENCH_SAMPLE_MS ?? 5000);
const CREDENTIALS = { admin: ['admin', 'Incontra2026!'], operator: ['operatore', 'Incontra2026!'] };


/** The baseline: one page, two RTCPeerConnections looped back, camera already open (as on the pre-join page). */
const LOOPBACK_PAGE = `<!doctype html><html><body><video id="remote" autoplay playsinline muted></video><script>
window.measureLoopback = async () => {
  const media = await navigator.mediaDevices.getUserMedia({ video: { width: 1280, height: 720, frameRate: 24 }, audio: true });
  const started = performance.now();
  const sender = new RTCPeerConnection();
  const receiver = new RTCPeerConnection();
  sender.onicecandidate = (event) => event.candidate && receiver.addIceCandidate(event.candidate);
  receiver.onicecandidate = (event) => event.candidate && sender.addIceCandidate(event.candidate);
  const video = document.getElementById('remote');
  const firstFrame = new Promise((resolve) => {
    receiver.ontrack = (event) => {
      if (event.track.kind !== 'video') return;
      video.srcObject = new MediaStream([event.track]);
      video.requestVideoFrameCallback(() => resolve(performance.now()));
    };
  });
  for (const track of media.getTracks()) sender.addTrack(track, media);
  await sender.setLocalDescription(await sender.createOffer());
  await receiver.setRemoteDescription(sender.localDescription);
  await receiver.setLocalDescription(await receiver.createAnswer());
  await sender.setRemoteDescription(receiver.localDescription);
  const elapsed = (await firstFrame) - started;
  sender.close(); receiver.close(); media.getTracks().forEach((track) => track.stop());
  return elapsed;
};
</script></body></html>`;

export async function loopbackBaselineMs(browser) {
  const results = [];
  for (let run = 0; run < ITERATIONS; run += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.route('http://loopback.localhost/', (route) => route.fulfill({ contentType: 'text/html', body: LOOPBACK_PAGE }));
    await page.goto('http://loopback.localhost/');
    results.push(await page.evaluate(() => window.measureLoopback()));
    await context.close();
  }
  return results;
}

export async function signedInPage(browser, baseUrl, [username, password]) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(() => window.localStorage.setItem('incontra.cookie-consent-status', 'accepted'));
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByLabel('Nome utente').fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.waitForURL(`${baseUrl}/admin`);
  return { context, page };
}

async function roomId(page, name) {
  return page.evaluate(async (roomName) => {
    const company = await (await fetch('/api/config/company')).json();
    for (const store of company.stores) {
      const config = await (await fetch(`/api/config/store/${store.id}`)).json();
      const room = config.rooms.find((candidate) => candidate.name === roomName);
      if (room) return room.id;
    }
    throw new Error(`no room ${roomName}`);
  }, name);
}

/** From the pre-join page with the preview running: press "enter" and wait for the first decoded remote frame. */
async function joinToFirstFrameMs(page) {
  await page.getByTestId('prejoin-enter').waitFor();
  await page.locator('video').first().waitFor();
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const selector = '[data-testid="video-tile"][data-local="false"][data-kind="camera"] video';
        let started = 0;
        const watch = () => {
          const video = document.querySelector(selector);
          if (!video) return requestAnimationFrame(watch);
          video.requestVideoFrameCallback(() => resolve(performance.now() - started));
        };
        started = performance.now();
        document.querySelector('[data-testid="prejoin-enter"]').click();
        watch();
      }),
  );
}

async function receivedVideo(page, cdp) {
  const metrics = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const before = await metrics();
  const started = Date.now();
  const browserCpuBefore = chromiumCpu();
  const sample = await page.evaluate(async (sampleMs) => {
    const video = document.querySelector('[data-testid="video-tile"][data-local="false"][data-kind="camera"] video');
    const frames = () => video.getVideoPlaybackQuality().totalVideoFrames;
    const first = frames();
    await new Promise((resolve) => setTimeout(resolve, sampleMs));
    return { frames: frames() - first, width: video.videoWidth, height: video.videoHeight };
  }, SAMPLE_MS);
  const wallSeconds = (Date.now() - started) / 1000;
  const after = await metrics();
  return {
    framesPerSecond: round(sample.frames / wallSeconds, 1),
    resolution: `${sample.width}x${sample.height}`,
    receivingPageMainThreadCpuPercent: round(((after.TaskDuration - before.TaskDuration) / wallSeconds) * 100, 1),
    wholeBrowserCpuPercentOfOneCore: round((chromiumCpuBetween(browserCpuBefore, chromiumCpu()) / wallSeconds) * 100, 1),
  };
}

async function roomRouteJavaScript(page, url) {
  const scripts = [];
  const onResponse = async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    scripts.push({ path: new URL(response.url()).pathname, body });
  };
  page.on('response', onResponse);
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByTestId('prejoin-enter').waitFor();
  await sleep(500);
  page.off('response', onResponse);
  const gzip = (body) => gzipSync(body, { level: 9 }).length;
  const total = scripts.reduce((sum, { body }) => sum + gzip(body), 0);
  const room = scripts.filter(({ path }) => path.startsWith('/mfe/room/'));
  return {
    totalGzipKiB: round(total / 1024, 1),
    roomRemoteGzipKiB: round(room.reduce((sum, { body }) => sum + gzip(body), 0) / 1024, 1),
    scriptRequests: scripts.length,
    filesWithTwilio: scripts.filter(({ body }) => /twilio/i.test(body.toString('latin1'))).map(({ path, body }) => ({ path, gzipKiB: round(gzip(body) / 1024, 1) })),
  };
}

export async function roomFigures({ chromium, baseUrl }) {
  const browser = await chromium.launch(chromiumLaunchOptions({ fakeMedia: true }));
  try {
    const loopback = await loopbackBaselineMs(browser);
    const anna = await signedInPage(browser, baseUrl, CREDENTIALS.admin);
    const marco = await signedInPage(browser, baseUrl, CREDENTIALS.operator);
    const id = await roomId(anna.page, 'Sala Roma');
    const routeJs = await roomRouteJavaScript(marco.page, `${baseUrl}/room/${id}`);
    await anna.page.goto(`${baseUrl}/room/${id}`);
    await anna.page.getByTestId('prejoin-enter').click();
    await anna.page.getByTestId('room-header').waitFor();

    const joins = [];
    for (let run = 0; run < ITERATIONS; run += 1) {
      await marco.page.goto(`${baseUrl}/room/${id}`);
      joins.push(await joinToFirstFrameMs(marco.page));
      await sleep(1500);
    }
    const cdp = await marco.context.newCDPSession(marco.page);
    await cdp.send('Performance.enable');
    await sleep(2000);
    const withoutBlur = await receivedVideo(marco.page, cdp);
    await anna.page.getByTestId('control-blur').click();
    await sleep(3000);
    const withBlur = await receivedVideo(marco.page, cdp);
    await anna.context.close();
    await marco.context.close();

    return {
      joinToFirstRemoteFrame: {
        ...besideBaseline(joins, loopback),
        goalRatio: 1.5,
        note: 'product: two browser contexts, pressing "enter" on the pre-join page (camera already open) until the first decoded frame of the other participant, through the API join call, signalling and ICE; baseline: one page, camera already open, two RTCPeerConnections looped back until the first decoded frame',
      },
      receivedVideo: { sampleSeconds: SAMPLE_MS / 1000, withoutBlur, withBlur },
      roomRoute: routeJs,
    };
  } finally {
    await browser.close();
  }
}
