#!/usr/bin/env node
// `npm run bench`: the figures of the platform, video room, live lobby, billing and webinars issues, each beside a baseline measured in the same run.
// Needs the production build (`npm run build`). Writes bench/results/latest.json (the whole run) and adds
// the run's headline figures as one line to bench/results/history.jsonl.
import autocannon from 'autocannon';
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { chromiumLaunchOptions, rssMiB, sleep, startServer, stop } from './lib.mjs';
import { roomFigures } from './room.mjs';
import { lobbyFigures } from './lobby.mjs';
import { appendHistory } from './history.mjs';
import { call, seedThousandRows, signInHeaders } from './backoffice.mjs';
import { lighthouseFigures } from './lighthouse.mjs';
import { bookingFigures, seedBookingStore } from './booking.mjs';
import { recreatePostgresDatabase, webhookFigures } from './webhooks.mjs';
import { webinarFigures } from './webinar.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'e2e', 'package.json'));
const apiPackage = JSON.parse(readFileSync(join(root, 'api', 'package.json'), 'utf8'));
const apiScript = join(root, 'api', apiPackage.main);
const API_PORT = 3410;
const BASELINE_PORT = 3411;
const WS_ECHO_PORT = 3412;
const WEBHOOK_API_PORT = 3413;
const STRIPE_STAND_IN_PORT = 3414;
const WEBINAR_API_PORT = 3415;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = 50;

const gzipKiB = (buffer) => Math.round((gzipSync(buffer, { level: 9 }).length / 1024) * 10) / 10;

async function load(url, headers) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP99Ms: result.latency.p99,
    latencyP50Ms: result.latency.p50,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function welcomePageJavaScript() {
  const { chromium } = require('@playwright/test');
  const browser = await chromium.launch(chromiumLaunchOptions());
  const page = await browser.newPage();
  const scripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    const sizes = await response
      .request()
      .sizes()
      .catch(() => ({ responseBodySize: 0 }));
    scripts.push({ url: response.url(), body, wireBytes: sizes.responseBodySize, encoding: response.headers()['content-encoding'] ?? 'identity' });
  });
  await page.goto(`http://demo.localhost:${API_PORT}/`, { waitUntil: 'networkidle' });
  await page
    .getByRole('link', { name: 'Partecipa' })
    .or(page.getByRole('button', { name: 'Partecipa' }))
    .waitFor();
  await browser.close();
  const files = scripts.map(({ url, body, wireBytes, encoding }) => ({
    path: new URL(url).pathname,
    rawKiB: Math.round(body.length / 102.4) / 10,
    gzipKiB: gzipKiB(body),
    servedKiB: Math.round(wireBytes / 102.4) / 10,
    servedEncoding: encoding,
  }));
  const served = scripts.reduce((sum, { wireBytes }) => sum + wireBytes, 0);
  const total = scripts.reduce((sum, { body }) => sum + gzipSync(body, { level: 9 }).length, 0);
  const twilioBytes = scripts.filter(({ body }) => /twilio/i.test(body.toString('latin1'))).map(({ url }) => new URL(url).pathname);
  return {
    totalGzipKiB: Math.round((total / 1024) * 10) / 10,
    servedOverTheWireKiB: Math.round((served / 1024) * 10) / 10,
    scriptRequests: files.length,
    filesMentioningTwilio: twilioBytes,
    files,
  };
}

/** Baseline for the page weight: React and ReactDOM's own production builds, minified, nothing else. */
async function reactAloneGzipKiB() {
  const { minify } = require('terser');
  const requireFromHost = createRequire(join(root, 'host', 'package.json'));
  const packageDir = (name) => dirname(requireFromHost.resolve(`${name}/package.json`));
  const react = readFileSync(join(packageDir('react'), 'cjs', 'react.production.js'));
  const reactDomClient = readFileSync(join(packageDir('react-dom'), 'cjs', 'react-dom-client.production.js'));
  const { code } = await minify(Buffer.concat([react, reactDomClient]).toString('utf8'), { compress: true, mangle: true });
  return gzipKiB(Buffer.from(code ?? ''));
}

/**
 * GET /api/users and GET /api/rooms as the admin of the company with 1,000 of each, as the back
 * office asks for them (the first page, searched by nothing), checked first: 20 rows of 1,000.
 */
async function listFigures(rows) {
  const headers = await signInHeaders(API_PORT, 'Incontra2026!');
  const figures = { rows, connections: CONNECTIONS, durationSeconds: DURATION_S, goalP99Ms: 15 };
  for (const [name, path] of [
    ['users', '/api/users'],
    ['rooms', '/api/rooms'],
  ]) {
    const url = `http://127.0.0.1:${API_PORT}${path}`;
    const answer = await call(API_PORT, { path, headers });
    const body = JSON.parse(answer.text);
    if (answer.status !== 200 || body.total !== rows[name] || body.items.length !== body.pageSize) {
      throw new Error(`${path} answered ${answer.status} with ${body.items?.length} rows of ${body.total}, not a full page of ${rows[name]}`);
    }
    await load(url, headers); // warm-up, not reported
    figures[name] = {
      endpoint: `GET ${path}`,
      pageRows: body.items.length,
      ...(await load(url, headers)),
      responseKiB: Math.round((answer.text.length / 1024) * 10) / 10,
    };
  }
  return figures;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'incontra-bench-'));
  const apiEnv = {
    DATA_DIR: dataDir,
    SEED: 'true',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    // The lobby figures send over a thousand join requests and visitor calls from one address.
    JOIN_REQUEST_RATE_LIMIT_PER_MINUTE: '100000',
    LOBBY_RATE_LIMIT_PER_MINUTE: '100000',
    // ... and holds a thousand visitors waiting at one store, each with its socket, all from 127.0.0.1.
    LOBBY_MAX_WAITING_PER_STORE: '100000',
    // ... and 200 bookings at once from one address.
    BOOKING_RATE_LIMIT_PER_MINUTE: '100000',
    SOCKET_LIMIT_PER_IP: '100000',
  };

  // First start creates the embedded database, migrates and seeds; the second reopens it.
  const first = await startServer(apiScript, { port: API_PORT, env: apiEnv, cwd: root });
  await stop(first.child);
  // A company with a thousand users and rooms, for the back office's lists.
  const thousand = await seedThousandRows(root, dataDir);
  // ... and a store with 5 bookable rooms and 1,000 appointments, for availability and bookings.
  const bookingStore = await seedBookingStore(root, dataDir);
  // Its rooms are the bench company's too: the rooms list counts them.
  thousand.rooms += bookingStore.rooms;
  const reactAlone = await reactAloneGzipKiB();
  const api = await startServer(apiScript, { port: API_PORT, env: apiEnv, cwd: root });
  const baseline = await startServer(join(root, 'bench', 'baseline', 'hello-fastify.cjs'), { port: BASELINE_PORT, cwd: root });
  let idle, page, apiLoad, baselineLoad, lists, booking, room, lobby, pagesAsPhones;
  try {
    await sleep(3000);
    idle = { apiRssMiB: rssMiB(api.child.pid), baselineRssMiB: rssMiB(baseline.child.pid) };
    page = await welcomePageJavaScript();
    // As a visitor on a phone feels them: the welcome page and the live flow's name step.
    if (process.env.BENCH_SKIP_LIGHTHOUSE !== '1') {
      pagesAsPhones = {
        welcome: await lighthouseFigures(`http://demo.localhost:${API_PORT}/`),
        liveNameStep: await lighthouseFigures(`http://demo.localhost:${API_PORT}/partecipa`),
      };
    }
    const companyUrl = `http://127.0.0.1:${API_PORT}/api/company/demo.localhost`;
    await load(companyUrl, { host: 'demo.localhost' }); // warm-up, not reported
    apiLoad = await load(companyUrl, { host: 'demo.localhost' });
    await load(`http://127.0.0.1:${BASELINE_PORT}/hello`, {}); // warm-up, not reported
    baselineLoad = await load(`http://127.0.0.1:${BASELINE_PORT}/hello`, {});
    lists = await listFigures(thousand);
    booking = await bookingFigures(API_PORT, bookingStore, DURATION_S);
    if (process.env.BENCH_SKIP_LOBBY !== '1') {
      const chromium = require('@playwright/test').chromium;
      lobby = await lobbyFigures({ chromium, root, apiPort: API_PORT, apiPid: api.child.pid, apiEnv, echoPort: WS_ECHO_PORT }).catch((error) => {
        // The other figures still get written; the run fails at the end.
        console.error(error);
        process.exitCode = 1;
        return { error: String(error?.message ?? error) };
      });
    }
    // Last: two browsers encoding video leave the machine busy for a while.
    if (process.env.BENCH_SKIP_ROOM !== '1') {
      room = await roomFigures({ chromium: require('@playwright/test').chromium, baseUrl: `http://demo.localhost:${API_PORT}` });
    }
  } finally {
    await stop(api.child);
    await stop(baseline.child);
  }
  // The API again, in Stripe mode on its own database: the webhook's figures.
  const webhookRun = { root, apiScript, apiPort: WEBHOOK_API_PORT, standInPort: STRIPE_STAND_IN_PORT, durationSeconds: DURATION_S };
  const webhooks = await webhookFigures(webhookRun);
  // ... and on PostgreSQL (BENCH_POSTGRES_URL, default the local server; BENCH_SKIP_POSTGRES=1 leaves it out).
  let webhooksOnPostgres = 'skipped (BENCH_SKIP_POSTGRES=1)';
  if (process.env.BENCH_SKIP_POSTGRES !== '1') {
    const databaseUrl = await recreatePostgresDatabase(root, process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432', 'incontra_bench_webhooks');
    webhooksOnPostgres = await webhookFigures({ ...webhookRun, databaseUrl });
  }
  // Last: Janus, a presenter's browser and up to BENCH_WEBINAR_MAX_VIEWERS viewers take both cores.
  let webinars = 'skipped (BENCH_SKIP_WEBINAR=1)';
  if (process.env.BENCH_SKIP_WEBINAR !== '1') {
    const chromium = require('@playwright/test').chromium;
    webinars = await webinarFigures({ chromium, root, apiScript, apiPort: WEBINAR_API_PORT }).catch((error) => {
      console.error(error);
      process.exitCode = 1;
      return { error: String(error?.message ?? error) };
    });
  }

  const results = {
    measuredAt: new Date().toISOString(),
    machine: { node: process.version, cpus: (await import('node:os')).cpus().length },
    welcomePage: { ...page, reactAndReactDomAloneGzipKiB: reactAlone },
    lighthouse: pagesAsPhones ?? 'skipped (BENCH_SKIP_LIGHTHOUSE=1)',
    companyByHost: {
      endpoint: 'GET /api/company/{host}',
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      api: apiLoad,
      bareFastifyBaseline: baselineLoad,
      throughputRatio: Math.round((apiLoad.requestsPerSecond / baselineLoad.requestsPerSecond) * 100) / 100,
      goalRatio: 0.4,
    },
    backofficeLists: lists,
    booking,
    stripeWebhooks: webhooks,
    stripeWebhooksOnPostgres: webhooksOnPostgres,
    startup: {
      firstStartWithMigrationsAndSeedMs: Math.round(first.startupMs),
      restartMs: Math.round(api.startupMs),
      bareFastifyBaselineMs: Math.round(baseline.startupMs),
    },
    idleRss: idle,
    videoRoom: room ?? 'skipped (BENCH_SKIP_ROOM=1)',
    lobby: lobby ?? 'skipped (BENCH_SKIP_LOBBY=1)',
    webinars,
  };
  const out = join(root, 'bench', 'results');
  mkdirSync(out, { recursive: true });
  const json = `${JSON.stringify(results, null, 2)}\n`;
  writeFileSync(join(out, 'latest.json'), json);
  appendHistory(out, results);
  process.stdout.write(json);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
