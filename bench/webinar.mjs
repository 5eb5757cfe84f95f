// Figures of the webinars issue, inside the bench's network namespace (scripts/in-namespace.sh):
//  - viewers one presenter serves through Janus before the last viewer's received frame rate drops
//    below 20 fps: the curve, with the presenter's uplink, Janus' CPU and memory, the viewers' CPU;
//  - the same presenter sending to each viewer itself, as the built-in mesh does, up to its cap of
//    10 viewers: the presenter's uplink and its browser's CPU at the same counts;
//  - presenter start → first frame at a waiting viewer on the product's live page through Janus,
//    beside a bare RTCPeerConnection loopback in the same browser.
// Janus runs with the project's own configuration (api/dist, built), the room is created as the API
// creates it; the presenter is Chromium with its fake camera at 30 fps (640×480), the curve's
// viewers are werift peers in two processes (bench/webinar-viewers.mjs) that count frames without
// decoding them. BENCH_WEBINAR_MAX_VIEWERS bounds the curve (default and at most 200).
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { addressesOutsideTestNamespace } from '../e2e/scripts/test-namespace.mjs';
import { besideBaseline, chromiumCpu, chromiumCpuBetween, chromiumLaunchOptions, cpuSeconds, median, round, rssMiB, sleep, startServer, stop } from './lib.mjs';
import { loopbackBaselineMs, signedInPage } from './room.mjs';

const SAMPLE_MS = Number(process.env.BENCH_SAMPLE_MS ?? 5000);
const ITERATIONS = Number(process.env.BENCH_ROOM_ITERATIONS ?? 5);
const MAX_VIEWERS = Math.min(Number(process.env.BENCH_WEBINAR_MAX_VIEWERS ?? 200), 200);
const JANUS_STEPS = [1, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 125, 150, 175, 200].filter((count) => count <= MAX_VIEWERS);
/** The built-in mesh's cap (WEBINAR_ENGINE_CAPACITY on the mesh). */
const MESH_STEPS = [1, 2, 4, 6, 8, 10];
const GOAL_FPS = 20;
const CAMERA_FPS = 30;
const VIEWER_PROCESSES = 2;
/** Viewers joining at once while the curve climbs (DTLS handshakes are the expensive part). */
const JOIN_BATCH = 5;
/** How long every viewer of a step may take to receive its first frame. */
const STEP_TIMEOUT_MS = 90_000;
const JANUS = { wsPort: 8288, adminWsPort: 7288, adminKey: `bench-${randomUUID()}`, adminSecret: `bench-${randomUUID()}` };
const CREDENTIALS = ['admin', 'Incontra2026!'];

/** The presenter's page: its camera and microphone, sent to Janus (plain JSON over its WebSocket) or to peers of its own. */
const PRESENTER_PAGE = `<!doctype html><html><body><script>
window.peers = [];
const camera = () => (window.media ??= navigator.mediaDevices.getUserMedia({ video: { width: 640, height: 480, frameRate: ${CAMERA_FPS} }, audio: true }));
const sending = async () => {
  const pc = new RTCPeerConnection();
  const media = await camera();
  for (const track of media.getTracks()) pc.addTransceiver(track, { direction: 'sendonly', streams: [media] });
  window.peers.push(pc);
  return pc;
};
const connected = (pc) => new Promise((resolve, reject) => {
  const look = () => {
    if (pc.connectionState === 'connected') resolve();
    if (pc.connectionState === 'failed') reject(new Error('the connection failed'));
  };
  pc.addEventListener('connectionstatechange', look);
  look();
});
window.publishToJanus = async ({ url, room, pin, token, feed }) => {
  const socket = new WebSocket(url, 'janus-protocol');
  await new Promise((resolve, reject) => { socket.onopen = resolve; socket.onerror = () => reject(new Error('no WebSocket to Janus')); });
  const pending = new Map();
  let next = 0;
  socket.onmessage = (message) => {
    const answer = JSON.parse(message.data);
    const waiting = pending.get(answer.transaction);
    if (!waiting || (answer.janus === 'ack' && waiting.event)) return;
    pending.delete(answer.transaction);
    const failure = answer.error?.reason ?? answer.plugindata?.data?.error;
    failure ? waiting.reject(new Error(failure)) : waiting.resolve(answer);
  };
  const send = (message, event = false) => new Promise((resolve, reject) => {
    const transaction = 't' + (next += 1);
    pending.set(transaction, { resolve, reject, event });
    socket.send(JSON.stringify({ ...message, transaction }));
  });
  const session = (await send({ janus: 'create' })).data.id;
  setInterval(() => send({ janus: 'keepalive', session_id: session }), 20000);
  const handle = (await send({ janus: 'attach', session_id: session, plugin: 'janus.plugin.videoroom' })).data.id;
  await send({ janus: 'message', session_id: session, handle_id: handle, body: { request: 'join', ptype: 'publisher', room, pin, id: feed, display: 'bench', token } }, true);
  const pc = await sending();
  pc.onicecandidate = (event) => send({ janus: 'trickle', session_id: session, handle_id: handle, candidate: event.candidate ?? { completed: true } });
  await pc.setLocalDescription(await pc.createOffer());
  const configured = await send({ janus: 'message', session_id: session, handle_id: handle, body: { request: 'configure', audio: true, video: true }, jsep: pc.localDescription.toJSON() }, true);
  await pc.setRemoteDescription(configured.jsep);
  await connected(pc);
};
window.meshOffer = async () => {
  const pc = await sending();
  await pc.setLocalDescription(await pc.createOffer());
  await new Promise((resolve) => {
    if (pc.iceGatheringState === 'complete') return resolve();
    pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && resolve());
  });
  return { index: window.peers.length - 1, sdp: pc.localDescription.sdp };
};
window.meshAnswer = async (index, sdp) => {
  await window.peers[index].setRemoteDescription({ type: 'answer', sdp });
  await connected(window.peers[index]);
};
window.uplink = async () => {
  let bytes = 0, frames = 0;
  for (const pc of window.peers) {
    (await pc.getStats()).forEach((report) => {
      if (report.type !== 'outbound-rtp') return;
      bytes += report.bytesSent;
      if (report.kind === 'video') frames += report.framesEncoded ?? 0;
    });
  }
  return { bytes, frames, copies: window.peers.length };
};
</script></body></html>`;

/** Chromium for the presenter: the fake camera at CAMERA_FPS, host candidates as addresses (werift and Janus cannot resolve mDNS names). */
function presenterLaunchOptions() {
  const options = chromiumLaunchOptions({ fakeMedia: true });
  return {
    ...options,
    args: [
      ...options.args.filter((arg) => arg !== '--use-fake-device-for-media-stream'),
      `--use-fake-device-for-media-stream=fps=${CAMERA_FPS}`,
      '--disable-features=WebRtcHideLocalIpsWithMdns',
    ],
  };
}

/**
 * The presenter's page from a server of its own on 127.0.0.1: Chromium lets a page open Janus'
 * socket on loopback only when the page itself came from the local network.
 */
async function presenterPage(browser) {
  const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(PRESENTER_PAGE));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  const page = await (await browser.newContext()).newPage();
  page.once('close', () => server.close());
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  return page;
}

/** werift viewers in VIEWER_PROCESSES processes, placed in turn; each answers by its key. */
class ViewerPool {
  constructor() {
    this.pending = new Map();
    this.next = 0;
    this.count = 0;
    this.processes = Array.from({ length: VIEWER_PROCESSES }, () => {
      const child = fork(new URL('./webinar-viewers.mjs', import.meta.url), [], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
      child.on('message', (answer) => {
        const waiting = this.pending.get(answer.id);
        if (!waiting) return;
        this.pending.delete(answer.id);
        clearTimeout(waiting.timer);
        if (answer.error) waiting.reject(new Error(answer.error));
        else waiting.resolve(answer);
      });
      child.on('exit', (code) => {
        for (const [id, waiting] of this.pending) {
          if (waiting.child !== child) continue;
          this.pending.delete(id);
          clearTimeout(waiting.timer);
          waiting.reject(new Error(`a viewer process exited (${code})`));
        }
      });
      return child;
    });
  }

  ask(child, request) {
    const id = (this.next += 1);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`viewer process: no answer to ${request.type} within ${STEP_TIMEOUT_MS} ms`));
      }, STEP_TIMEOUT_MS);
      this.pending.set(id, { resolve, reject, timer, child });
      child.send({ ...request, id });
    });
  }

  /** A new viewer: answers once it is negotiated (with the mesh's answer). */
  add(request) {
    const child = this.processes[this.count % this.processes.length];
    this.count += 1;
    return this.ask(child, request);
  }

  /** Frames received so far by each viewer, in joining order within each process, processes in turn. */
  async frames() {
    const answers = await Promise.all(this.processes.map((child) => this.ask(child, { type: 'frames' })));
    const frames = [];
    for (let index = 0; index < this.count; index += 1) {
      frames.push(answers[index % answers.length].frames[Math.floor(index / answers.length)] ?? 0);
    }
    return frames;
  }

  pids() {
    return this.processes.map((child) => child.pid);
  }

  async close() {
    await Promise.all(this.processes.map((child) => (child.exitCode === null ? this.ask(child, { type: 'close' }).catch(() => undefined) : undefined)));
  }
}

/** Waits until every viewer has received a frame (the step's viewers are all watching). */
async function everyoneWatching(pool) {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  for (;;) {
    const frames = await pool.frames();
    if (frames.every((count) => count > 0)) return;
    if (Date.now() > deadline) throw new Error(`${frames.filter((count) => count === 0).length} of ${frames.length} viewers received no frame within ${STEP_TIMEOUT_MS / 1000} s`);
    await sleep(250);
  }
}

/** One window of SAMPLE_MS: every viewer's received frame rate, the presenter's uplink, the processes' CPU. */
async function sample(pool, presenter, { janusPid } = {}) {
  const read = async () => ({
    at: performance.now(),
    frames: await pool.frames(),
    uplink: await presenter.evaluate(() => window.uplink()),
    janusCpu: janusPid ? cpuSeconds(janusPid) : 0,
    viewersCpu: cpuSeconds(...pool.pids()),
    chromiumCpu: chromiumCpu(),
  });
  const before = await read();
  await sleep(SAMPLE_MS);
  const after = await read();
  const seconds = (after.at - before.at) / 1000;
  const rates = after.frames.map((count, index) => (count - before.frames[index]) / seconds);
  const percent = (key) => round(((after[key] - before[key]) / seconds) * 100, 1);
  const presenterBrowserCpu = round((chromiumCpuBetween(before.chromiumCpu, after.chromiumCpu) / seconds) * 100, 1);
  return {
    viewers: rates.length,
    lastViewerFps: round(rates.at(-1), 1),
    slowestViewerFps: round(Math.min(...rates), 1),
    medianViewerFps: round(median(rates), 1),
    presenterUplinkKbps: round(((after.uplink.bytes - before.uplink.bytes) * 8) / seconds / 1000),
    presenterEncodedFpsPerCopy: round((after.uplink.frames - before.uplink.frames) / after.uplink.copies / seconds, 1),
    presenterCopiesEncoded: after.uplink.copies,
    ...(janusPid ? { janusCpuPercentOfOneCore: percent('janusCpu'), janusRssMiB: rssMiB(janusPid) } : {}),
    presenterBrowserCpuPercentOfOneCore: presenterBrowserCpu,
    viewerProcessesCpuPercentOfOneCore: percent('viewersCpu'),
  };
}

async function janusCurve({ chromium, janus, rooms }) {
  const room = `bench-${randomUUID()}`;
  const token = randomUUID();
  const pin = randomUUID();
  const secret = randomUUID();
  await rooms.create({ room, description: 'Bench', secret, pin, publishers: 2, allowed: [token] });
  const browser = await chromium.launch(presenterLaunchOptions());
  const pool = new ViewerPool();
  const steps = [];
  try {
    const presenter = await presenterPage(browser);
    const feed = randomUUID();
    await presenter.evaluate((publish) => window.publishToJanus(publish), { url: janus.url, room, pin, token, feed });
    const idleJanusRssMiB = rssMiB(janus.process.pid);
    for (const target of JANUS_STEPS) {
      while (pool.count < target) {
        const batch = Math.min(JOIN_BATCH, target - pool.count);
        await Promise.all(Array.from({ length: batch }, () => pool.add({ type: 'janus', url: janus.url, room, pin, feed })));
      }
      await everyoneWatching(pool);
      const step = await sample(pool, presenter, { janusPid: janus.process.pid });
      steps.push(step);
      if (step.lastViewerFps < GOAL_FPS) break;
    }
    const served = steps.filter((step) => step.lastViewerFps >= GOAL_FPS && step.slowestViewerFps >= GOAL_FPS).at(-1);
    const top = steps.at(-1);
    return {
      goal: `≥ 50 viewers with the last at ≥ ${GOAL_FPS} fps`,
      viewersServedAtGoalFps: served?.viewers ?? 0,
      reachedStepLimit: top.lastViewerFps >= GOAL_FPS && top.viewers === JANUS_STEPS.at(-1),
      janusIdleRssMiB: idleJanusRssMiB,
      janusRssMiBPerViewer: top.viewers > 1 ? round((top.janusRssMiB - idleJanusRssMiB) / top.viewers, 2) : null,
      janusCpuPercentPerViewer: round(top.janusCpuPercentOfOneCore / top.viewers, 2),
      curve: steps,
    };
  } finally {
    await pool.close();
    await browser.close();
    await rooms.destroy(room, secret).catch(() => undefined);
  }
}

async function meshCurve({ chromium }) {
  const browser = await chromium.launch(presenterLaunchOptions());
  const pool = new ViewerPool();
  const steps = [];
  try {
    const presenter = await presenterPage(browser);
    for (const target of MESH_STEPS) {
      while (pool.count < target) {
        const offer = await presenter.evaluate(() => window.meshOffer());
        const { answer } = await pool.add({ type: 'mesh', offer: offer.sdp });
        await presenter.evaluate(({ index, sdp }) => window.meshAnswer(index, sdp), { index: offer.index, sdp: answer });
      }
      await everyoneWatching(pool);
      steps.push(await sample(pool, presenter));
    }
    return { cap: MESH_STEPS.at(-1), curve: steps };
  } finally {
    await pool.close();
    await browser.close();
  }
}

/** The product's flow, `ITERATIONS` times: a viewer waits on the live page while the presenter (in, preview running) presses «Avvia il webinar». */
async function startToFirstFrame({ chromium, baseUrl }) {
  const browser = await chromium.launch(presenterLaunchOptions());
  try {
    const loopback = await loopbackBaselineMs(browser);
    const staff = await signedInPage(browser, baseUrl, CREDENTIALS);
    const api = (method, path, json) =>
      staff.page.evaluate(
        async ({ method, path, json }) => {
          const csrf = decodeURIComponent(/(?:^|; )(?:__Host-)?incontra_csrf=([^;]+)/.exec(document.cookie)?.[1] ?? '');
          const response = await fetch(path, { method, headers: { 'x-csrf-token': csrf, ...(json ? { 'content-type': 'application/json' } : {}) }, body: json ? JSON.stringify(json) : undefined });
          if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
          return response.json();
        },
        { method, path, json },
      );
    const me = await api('GET', '/api/me');
    const company = await api('GET', '/api/config/company');
    const runs = [];
    for (let run = 0; run < ITERATIONS; run += 1) {
      const webinar = await api('POST', '/api/webinar', {
        storeId: company.stores[0].id,
        title: `Bench ${run + 1}`,
        description: '<p>Bench</p>',
        startsAt: new Date(Date.now() + 10 * 60_000).toISOString(),
        durationMinutes: 30,
        capacity: 5,
        presenterIds: [me.id],
      });
      await api('POST', `/api/webinar/${webinar.id}`, { status: 'published' });
      const registered = await api('POST', `/api/webinar/${webinar.id}/reservation`, {
        firstName: 'Bench',
        lastName: `Viewer ${run + 1}`,
        email: `bench.viewer.${run + 1}.${Date.now()}@example.it`,
        privacyConsent: true,
      });
      const context = await browser.newContext();
      const viewer = await context.newPage();
      try {
        await viewer.addInitScript(() => window.localStorage.setItem('incontra.cookie-consent-status', 'accepted'));
        await viewer.goto(`${baseUrl}${registered.registration.pagePath}?token=${encodeURIComponent(registered.token)}`);
        await viewer.getByRole('button', { name: 'Entra nel webinar' }).click();
        await viewer.getByTestId('webinar-waiting').waitFor();

        await staff.page.goto(`${baseUrl}/admin/webinar/${webinar.id}`);
        await staff.page.getByRole('button', { name: 'Entra come relatore' }).click();
        await staff.page.getByTestId('webinar-waiting').waitFor();
        // The presenter checks the preview before starting, as a presenter does: the preview's frames arrive.
        await staff.page.getByLabel('La tua anteprima').evaluate((video) => new Promise((resolve) => video.requestVideoFrameCallback(resolve)));
        const firstFrame = viewer.evaluate(
          () =>
            new Promise((resolve) => {
              const look = () => {
                const video = document.querySelector('[data-testid="webinar-stage"] video');
                if (video) video.requestVideoFrameCallback(() => resolve(performance.timeOrigin + performance.now()));
                else requestAnimationFrame(look);
              };
              look();
            }),
        );
        const started = await staff.page.getByRole('button', { name: 'Avvia il webinar' }).evaluate((button) => {
          const at = performance.timeOrigin + performance.now();
          button.click();
          return at;
        });
        runs.push((await firstFrame) - started);
      } finally {
        await context.close();
        await api('POST', `/api/webinar/${webinar.id}`, { status: 'ended' }).catch(() => undefined);
      }
    }
    await staff.context.close();
    return {
      ...besideBaseline(runs, loopback),
      note: 'product: the built API with Janus; a registrant waits on the live page («Il webinar non è ancora iniziato»), the presenter is in with its preview running and presses «Avvia il webinar»; measured until the first decoded frame on the viewer’s stage (the two pages’ clocks are the same browser’s). Baseline: one page, camera already open, two RTCPeerConnections looped back until the first decoded frame',
    };
  } finally {
    await browser.close();
  }
}

/** Every figure of the webinars issue; Janus and an API of its own (PGlite, port `apiPort`) started and stopped here. */
export async function webinarFigures({ chromium, root, apiScript, apiPort }) {
  const outside = addressesOutsideTestNamespace();
  if (outside.length > 0) throw new Error(`the webinar bench sends media through Janus: run it inside the test namespace (npm run bench), not beside ${outside.join(', ')}`);
  const dist = (path) => import(pathToFileURL(join(root, 'api', 'dist', 'webinars', 'janus', path)).href);
  const { startLocalJanus } = await dist('local-janus.js');
  const { JanusRooms } = await dist('janus-rooms.js');
  const recordings = mkdtempSync(join(tmpdir(), 'incontra-bench-recordings-'));
  const janus = await startLocalJanus({ bindAddress: '127.0.0.1', rtpPortRange: '21000-21600', recordingsFolder: recordings, debugLevel: 2, ...JANUS });
  const rooms = new JanusRooms({ url: janus.url, adminUrl: janus.adminUrl, adminKey: JANUS.adminKey, adminSecret: JANUS.adminSecret });
  try {
    const throughJanus = await janusCurve({ chromium, janus, rooms });
    const mesh = await meshCurve({ chromium });
    const api = await startServer(apiScript, {
      port: apiPort,
      cwd: root,
      env: {
        DATA_DIR: mkdtempSync(join(tmpdir(), 'incontra-bench-webinar-')),
        SEED: 'true',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        JANUS_URL: janus.url,
        JANUS_ADMIN_URL: janus.adminUrl,
        JANUS_ADMIN_KEY: JANUS.adminKey,
        JANUS_ADMIN_SECRET: JANUS.adminSecret,
        JANUS_RECORDINGS_DIR: recordings,
      },
    });
    let firstFrame;
    try {
      firstFrame = await startToFirstFrame({ chromium, baseUrl: `http://demo.localhost:${apiPort}` });
    } finally {
      await stop(api.child);
    }
    return {
      janusVersion: '1.1.2 (Debian), the project’s configuration',
      presenter: `Chromium's fake camera 640x480 at ${CAMERA_FPS} fps and its microphone`,
      viewers: `werift peers in ${VIEWER_PROCESSES} processes, counting frames (RTP marker bits) without decoding`,
      sampleSeconds: SAMPLE_MS / 1000,
      throughJanus,
      meshSameCounts: mesh,
      startToFirstFrameAtWaitingViewer: firstFrame,
    };
  } finally {
    await janus.stop();
  }
}

// `npm run bench:webinar`: these figures alone (printed, not written to bench/results), in the namespace.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { createRequire } = await import('node:module');
  const { readFileSync } = await import('node:fs');
  const root = join(import.meta.dirname, '..');
  const apiScript = join(root, 'api', JSON.parse(readFileSync(join(root, 'api', 'package.json'), 'utf8')).main);
  const { chromium } = createRequire(join(root, 'e2e', 'package.json'))('@playwright/test');
  const figures = await webinarFigures({ chromium, root, apiScript, apiPort: 3415 });
  process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
}
