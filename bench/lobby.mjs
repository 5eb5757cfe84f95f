// Figures of the live lobby issue, each beside a baseline measured in the same run:
// 1. a visitor's request → the event at a connected staff socket (bare `ws` echo round trip beside it);
// 2. staff approval → the first remote video frame at the visitor (lobby-video.mjs);
// 3. 1,000 visitors waiting at once with their sockets open: API memory and event latency.
import { join } from 'node:path';
import { rssMiB, sleep, startServer, stop } from './lib.mjs';
import { HttpClient, loadContracts, openInbox, pool, summary } from './lobby-client.mjs';
import { approvalToFirstFrame } from './lobby-video.mjs';

const SAMPLES = Number(process.env.BENCH_LOBBY_SAMPLES ?? 200);
const VISITORS = Number(process.env.BENCH_LOBBY_VISITORS ?? 1000);
const ACTION_SAMPLES = Number(process.env.BENCH_LOBBY_ACTION_SAMPLES ?? 100);
const ITERATIONS = Number(process.env.BENCH_LOBBY_ITERATIONS ?? 5);
const WARMUP = 20;
/** Requests and sockets opened at once while filling the waiting room. */
const WIDTH = 25;
const HOST = 'demo.localhost';
const STAFF = { company: 'demo', username: 'admin', password: 'Incontra2026!' };
/** Seeded in api/src/seed/demo-data.ts: a store whose live visitors need no phone verification. */
const TARGET = { store: 'Milano Centro', room: 'Sala Consulenza' };

const ratio = (product, baseline) => Math.round((product / baseline) * 10) / 10;

async function findTarget(client) {
  const company = await client.expectOk('GET', '/api/config/company');
  const store = company.stores.find((candidate) => candidate.name === TARGET.store);
  if (!store) throw new Error(`lobby bench: no store "${TARGET.store}" in the demo company`);
  const config = await client.expectOk('GET', `/api/config/store/${store.id}`);
  const room = config.rooms.find((candidate) => candidate.name === TARGET.room);
  if (!room) throw new Error(`lobby bench: no room "${TARGET.room}" in ${TARGET.store}`);
  return { storeId: store.id, roomId: room.id, storeRooms: config.rooms.length, storeName: store.name, roomName: room.name };
}

/** A visitor's POST …/send-join-request; answers the request and its visitor token. */
async function sendJoinRequest(visitor, target, name) {
  const sent = await visitor.expectOk('POST', `/api/video-room/${target.storeId}/send-join-request`, { body: { name, room: target.roomId } });
  if (sent.request.verificationRequired) throw new Error(`lobby bench: ${TARGET.store} asks for phone verification; the figures need a store that does not`);
  return { id: sent.request.id, token: sent.visitorToken };
}

const cancelAll = (visitor, requests) =>
  pool(requests, WIDTH, ({ id, token }) => visitor.expectOk('POST', `/api/video-room/join-request/${id}/cancel`, { bearer: token }));

/** Browsers send `ping` every heartbeatIntervalMs; these sockets do too, spread over the interval. */
function heartbeat(inboxes, intervalMs) {
  let tick = 0;
  const slices = 10;
  const timer = setInterval(() => {
    inboxes().forEach((inbox, index) => {
      if (index % slices === tick % slices && !inbox.closed) inbox.send({ type: 'ping' });
    });
    tick += 1;
  }, intervalMs / slices);
  return () => clearInterval(timer);
}

/** Figure 1 (and 3a): sequential requests, each timed from just before the POST to the staff socket's `request`. */
async function requestToStaffEvent({ visitor, staffInbox, target, samples, warmup, label }) {
  const latencies = [];
  const answers = [];
  const sent = [];
  for (let index = 0; index < warmup + samples; index += 1) {
    const started = performance.now();
    const request = await sendJoinRequest(visitor, target, `${label} ${index + 1}`);
    const answered = performance.now();
    sent.push(request);
    const event = await staffInbox.waitFor((message) => message.type === 'request' && message.request.id === request.id, `the staff event of request ${request.id}`, 5000);
    if (index < warmup) continue;
    latencies.push(event.at - started);
    answers.push(answered - started);
  }
  const messageBytes = staffInbox.messages.find((entry) => entry.message.type === 'request')?.bytes ?? 0;
  return { latencies, answers, sent, messageBytes };
}

/** The baseline: one message of the same size through the bare echo server and back. */
async function echoRoundTrips(inbox, samples, bytes) {
  const pad = 'x'.repeat(Math.max(0, bytes - 40));
  const latencies = [];
  for (let seq = 0; seq < WARMUP + samples; seq += 1) {
    const started = performance.now();
    inbox.send({ type: 'echo', seq, pad });
    const entry = await inbox.waitFor((message) => message.seq === seq, `echo ${seq}`, 5000);
    if (seq >= WARMUP) latencies.push(entry.at - started);
  }
  return latencies;
}

async function staffSocket(contracts, port, staff) {
  const staffInbox = await openInbox(`ws://127.0.0.1:${port}${contracts.LOBBY.path}`, {
    label: 'staff lobby socket',
    headers: { host: `${HOST}:${port}`, cookie: staff.cookieHeader },
    origin: `http://${HOST}:${port}`,
  });
  staffInbox.send({ type: 'hello', role: 'staff' });
  const first = await staffInbox.waitFor((message) => message.type === 'queue' || message.type === 'bye', 'the queue after hello');
  if (first.message.type === 'bye') throw new Error(`lobby bench: the staff socket was refused (bye ${first.message.reason})`);
  return staffInbox;
}

/** Figure 3: VISITORS requests, each with its socket open and greeted, then latency and memory. */
async function thousandWaiting({ contracts, port, apiPid, visitor, staff, staffInbox, target }) {
  const visitors = [];
  const stopHeartbeat = heartbeat(() => visitors.map(({ inbox }) => inbox), contracts.LOBBY.heartbeatIntervalMs);
  try {
    const apiIdleRssMiB = rssMiB(apiPid);
    const setupStarted = performance.now();
    const helloToStatus = await pool([...Array(VISITORS).keys()], WIDTH, async (index) => {
      const request = await sendJoinRequest(visitor, target, `In attesa ${index + 1}`);
      const inbox = await openInbox(`ws://127.0.0.1:${port}${contracts.LOBBY.path}`, {
        label: `visitor socket ${index + 1}`,
        headers: { host: `${HOST}:${port}` },
        origin: `http://${HOST}:${port}`,
      });
      visitors.push({ ...request, inbox, expected: 'pending' });
      const helloAt = performance.now();
      inbox.send({ type: 'hello', role: 'visitor', requestId: request.id, token: request.token });
      const first = await inbox.waitFor((message) => message.type === 'status' || message.type === 'bye', 'the status after hello');
      if (first.message.type === 'bye') throw new Error(`lobby bench: visitor socket ${index + 1} was refused (bye ${first.message.reason})`);
      return first.at - helloAt;
    });
    const setupSeconds = Math.round((performance.now() - setupStarted) / 100) / 10;
    await sleep(3000);
    const apiWaitingRssMiB = rssMiB(apiPid);

    // (a) new requests reaching staff while the thousand wait.
    const more = await requestToStaffEvent({ visitor, staffInbox, target, samples: SAMPLES, warmup: 0, label: 'Nuovo' });
    await cancelAll(visitor, more.sent);

    // (b) staff answer some of the waiting: busy for half of the sample, approve for the other half.
    const step = Math.max(1, Math.floor(visitors.length / ACTION_SAMPLES));
    const sample = visitors.filter((_, index) => index % step === 0).slice(0, ACTION_SAMPLES);
    const timings = { busy: [], approved: [] };
    for (const [index, waiting] of sample.entries()) {
      const action = index % 2 === 0 ? 'busy' : 'approve';
      const expected = action === 'busy' ? 'busy' : 'approved';
      const started = performance.now();
      const body = action === 'busy' ? { message: contracts.IT_LOBBY.staff.busyDefault } : undefined;
      await staff.expectOk('POST', `/api/video-room/join-request/${waiting.id}/${action}`, { body });
      const status = await waiting.inbox.waitFor((message) => message.type === 'status' && message.request.status === expected, `status ${expected}`, 5000);
      timings[expected].push(status.at - started);
      waiting.expected = expected;
    }
    const apiAfterEventsRssMiB = rssMiB(apiPid);
    const closedEarly = visitors.filter(({ inbox }) => inbox.closed).length;
    const lastStatus = ({ inbox }) => inbox.messages.filter((entry) => entry.message.type === 'status').at(-1)?.message.request.status;
    const unexpectedStatuses = visitors.filter((waiting) => lastStatus(waiting) !== waiting.expected).map(lastStatus);

    const cleanupStarted = performance.now();
    await cancelAll(visitor, visitors);
    await Promise.all(visitors.map(({ inbox }) => inbox.close()));
    return {
      visitors: VISITORS,
      setupSeconds,
      setupNote: `${VISITORS} × (POST send-join-request, open the lobby socket, hello, first status), ${WIDTH} at a time; every socket then pings every ${contracts.LOBBY.heartbeatIntervalMs / 1000} s as browsers do`,
      visitorHelloToFirstStatus: summary(helloToStatus),
      apiRssMiB: { idleBefore: apiIdleRssMiB, withVisitorsWaiting: apiWaitingRssMiB, afterTheEvents: apiAfterEventsRssMiB },
      requestToStaffEventWhileWaiting: summary(more.latencies),
      staffActionToVisitorStatus: { busy: summary(timings.busy), approve: summary(timings.approved), both: summary([...timings.busy, ...timings.approved]) },
      socketsClosedEarly: closedEarly,
      requestsNotInTheExpectedStatus: unexpectedStatuses.length,
      cleanupSeconds: Math.round((performance.now() - cleanupStarted) / 100) / 10,
    };
  } finally {
    stopHeartbeat();
    await Promise.all(visitors.map(({ inbox }) => inbox.close()));
  }
}

/** The baseline of figure 3: the echo server idle, then holding as many sockets, each greeted once. */
async function echoHoldingSockets(port, pid, bytes) {
  const idleRssMiB = rssMiB(pid);
  const inboxes = [];
  try {
    await pool([...Array(VISITORS).keys()], WIDTH, async (index) => {
      const inbox = await openInbox(`ws://127.0.0.1:${port}/`, { label: `echo socket ${index + 1}` });
      inboxes.push(inbox);
      inbox.send({ type: 'hello', seq: -1 });
      await inbox.waitFor((message) => message.seq === -1, 'the echoed hello');
    });
    await sleep(3000);
    const withSocketsRssMiB = rssMiB(pid);
    const probe = await openInbox(`ws://127.0.0.1:${port}/`, { label: 'echo probe socket' });
    inboxes.push(probe);
    const roundTrips = await echoRoundTrips(probe, SAMPLES, bytes);
    return { idleRssMiB, withSocketsRssMiB, roundTripWhileHolding: summary(roundTrips) };
  } finally {
    await Promise.all(inboxes.map((inbox) => inbox.close()));
  }
}

/**
 * All lobby figures against the bench's API (already started by run.mjs). `apiEnv` is the env the
 * API was started with, to name its database and pub/sub in the results.
 */
export async function lobbyFigures({ chromium, root, apiPort, apiPid, apiEnv, echoPort }) {
  const contracts = loadContracts();
  const { csrfCookieName, csrfHeaderName } = contracts.SESSION;
  const client = (host) => new HttpClient({ port: apiPort, host, csrfCookieName, csrfHeaderName });
  const staff = client(HOST);
  const visitor = client(HOST);
  const echo = await startServer(join(root, 'bench', 'baseline', 'ws-echo.cjs'), { port: echoPort, cwd: root });
  let staffInbox;
  let echoInbox;
  let stopStaffHeartbeat = () => undefined;
  const deadline = setTimeout(() => console.error('lobby bench: still running after 3 minutes'), 180_000).unref();
  try {
    await sleep(1000);
    const echoIdleRssMiB = rssMiB(echo.child.pid);
    await staff.signIn(STAFF.company, STAFF.username, STAFF.password);
    await visitor.request('GET', '/api/me'); // the CSRF cookie a visitor's browser gets on its first call
    const target = await findTarget(visitor);
    staffInbox = await staffSocket(contracts, apiPort, staff);
    stopStaffHeartbeat = heartbeat(() => [staffInbox], contracts.LOBBY.heartbeatIntervalMs);

    const one = await requestToStaffEvent({ visitor, staffInbox, target, samples: SAMPLES, warmup: WARMUP, label: 'Visitatore' });
    await cancelAll(visitor, one.sent);
    echoInbox = await openInbox(`ws://127.0.0.1:${echoPort}/`, { label: 'echo socket' });
    const echoLatencies = await echoRoundTrips(echoInbox, SAMPLES, one.messageBytes);
    await echoInbox.close();
    const product = summary(one.latencies);
    const baseline = summary(echoLatencies);

    const three = await thousandWaiting({ contracts, port: apiPort, apiPid, visitor, staff, staffInbox, target });
    const echoThousand = await echoHoldingSockets(echoPort, echo.child.pid, one.messageBytes);
    stopStaffHeartbeat();
    await staffInbox.close();

    // Last: the browsers leave the machine busy for a while.
    const video = await approvalToFirstFrame({ chromium, baseUrl: `http://${HOST}:${apiPort}`, staff, target, contracts, iterations: ITERATIONS });

    const env = { ...process.env, ...apiEnv };
    return {
      server: {
        database: env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite, embedded (DATABASE_URL empty)',
        pubSub: env.REDIS_URL ? 'Redis (REDIS_URL)' : 'in-process',
        processes: 1,
        target: `${target.storeName} / ${target.roomName}`,
      },
      requestToStaffEvent: {
        samples: SAMPLES,
        product,
        productHttpAnswer: summary(one.answers),
        bareWsEchoRoundTrip: baseline,
        ratioP50: ratio(product.p50Ms, baseline.p50Ms),
        ratioP99: ratio(product.p99Ms, baseline.p99Ms),
        messageBytes: one.messageBytes,
        note: `product: ${WARMUP} warm-up then ${SAMPLES} sequential POST /api/video-room/{store}/send-join-request over keep-alive HTTP on loopback, each timed from just before the call to the arrival of its \`request\` message at a staff socket (Node ws client, session cookie, hello staff); includes the insert, the pub/sub hop and the fan-out. Baseline: a message of the same size through a bare \`ws\` echo server and back on one socket.`,
      },
      approvalToFirstRemoteFrame: video,
      thousandWaiting: {
        ...three,
        bareWsEcho: { idleRssMiB: echoIdleRssMiB, ...echoThousand },
        note: `RSS baselines: the same API before the visitors (with one staff socket), and a bare \`ws\` echo server idle then holding ${VISITORS} sockets. (a) ${SAMPLES} new requests → staff event as in figure 1; (b) ${ACTION_SAMPLES} waiting visitors spread over the thousand, alternately busy and approve by staff (POST …/busy, …/approve) timed to the \`status\` message at that visitor's socket. Afterwards every request is cancelled by its visitor and every socket closed.`,
      },
    };
  } finally {
    clearTimeout(deadline);
    // A failed run must not leave a timer or a socket holding the process open.
    stopStaffHeartbeat();
    await staffInbox?.close();
    await echoInbox?.close();
    await stop(echo.child);
  }
}
