// Stripe's webhooks under load: the API in Stripe mode (its own embedded database, the demo
// company seeded) with Stripe's API played by bench/baseline/stripe-stand-in.cjs on 127.0.0.1
// (STRIPE_API_URL). Signed `invoice.paid` deliveries, one in five a redelivery of an event already
// sent, for the run's duration; beside GET /api/company/{host} on the same process in the same run.
// The webhook only stores each event (its inbox) and answers; the payments plugin's worker applies
// them in the background. So after the load the bench makes sure every event built was delivered
// (those the load cut off are sent again, one by one), then waits, bounded by a deadline, until the
// worker has read every distinct invoice at the stand-in (polled there: the embedded database is
// the API's alone while it runs), and reports that drain time. The API's graceful stop awaits the
// worker's round in progress; then the database is read: each distinct event processed, and
// exactly one invoice per event.
import autocannon from 'autocannon';
import { createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call } from './backoffice.mjs';
import { sleep, startServer, stop } from './lib.mjs';

const WEBHOOK_SECRET = 'whsec_bench';
const PRICE_ID = 'price_bench_pro';
const CONNECTIONS = 10;
const DUPLICATE_EVERY = 5; // every fifth delivery repeats an earlier event: 20 %
const HOST = 'demo.localhost';
/** How often the worker's progress is asked for while draining. */
const DRAIN_POLL_MS = 50;
/**
 * The drain's deadline per distinct event (at least a minute): it grows with what the load stored,
 * so a faster load on a slow machine is not cut off (8,000 events → 4 min, still bounded).
 */
const DRAIN_MS_PER_EVENT = 30;

/** Stripe's signature header over the exact body: `t=<unix s>,v1=<HMAC-SHA256 of "t.body">`. */
function signature(body, seconds) {
  const v1 = createHmac('sha256', WEBHOOK_SECRET).update(`${seconds}.${body}`).digest('hex');
  return `t=${seconds},v1=${v1}`;
}

function event(n) {
  return JSON.stringify({
    id: `evt_bench_${n}`,
    object: 'event',
    type: 'invoice.paid',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: `in_bench_${n}`, object: 'invoice' } },
  });
}

async function load(options) {
  const result = await autocannon({ connections: CONNECTIONS, ...options });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** The run's database, read once the API has stopped: the embedded one in `dataDir`, or PostgreSQL at `databaseUrl`. */
async function openDatabase(root, dataDir, databaseUrl) {
  const require = createRequire(join(root, 'api', 'package.json'));
  if (databaseUrl) {
    const { Client } = require('pg');
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    return { query: (text) => client.query(text), close: () => client.end() };
  }
  const { PGlite } = require('@electric-sql/pglite');
  const { btree_gist } = require('@electric-sql/pglite/contrib/btree_gist');
  return PGlite.create({ dataDir: join(dataDir, 'pglite'), extensions: { btree_gist } });
}

/** A fresh PostgreSQL database for the run (dropped first if a previous run left it). */
export async function recreatePostgresDatabase(root, serverUrl, name) {
  const { Client } = createRequire(join(root, 'api', 'package.json'))('pg');
  const client = new Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return `${serverUrl}/${name}`;
}

async function countEffects(root, dataDir, databaseUrl) {
  const db = await openDatabase(root, dataDir, databaseUrl);
  try {
    const invoices = await db.query(
      `select count(*)::int as n, count(distinct provider_charge_id)::int as distinct_charges from invoices where provider_charge_id like 'in_bench_%'`,
    );
    const events = await db.query(
      `select count(*)::int as n, (count(*) filter (where processed_at is not null))::int as processed,
              (count(*) filter (where processed_at is null and last_error is not null))::int as failing
       from stripe_events where id like 'evt_bench_%'`,
    );
    const [row] = events.rows;
    return {
      invoices: invoices.rows[0].n,
      distinctInvoices: invoices.rows[0].distinct_charges,
      recordedEvents: row.n,
      processedEvents: row.processed,
      pendingEvents: row.n - row.processed,
      failingEvents: row.failing,
    };
  } finally {
    await db.close();
  }
}

function deliver(apiPort, n) {
  const payload = event(n);
  return call(apiPort, {
    method: 'POST',
    path: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature(payload, Math.floor(Date.now() / 1000)) },
    body: payload,
  });
}

/** Waits until the stand-in has served `expected` distinct invoices, or the deadline: the worker's drain. */
async function drain(standInPort, expected, deadlineMs) {
  const started = Date.now();
  for (;;) {
    const answer = await call(standInPort, { path: '/bench/read' });
    const read = JSON.parse(answer.text).distinct;
    const elapsed = Date.now() - started;
    if (read >= expected) return { drained: true, drainMs: elapsed, invoicesRead: read };
    if (elapsed > deadlineMs) return { drained: false, drainMs: elapsed, invoicesRead: read };
    await sleep(DRAIN_POLL_MS);
  }
}

/** `databaseUrl`: PostgreSQL (a fresh database); without it the embedded database, the product's default. */
export async function webhookFigures({ root, apiScript, apiPort, standInPort, durationSeconds, databaseUrl = '' }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'incontra-bench-webhooks-'));
  const env = {
    DATA_DIR: dataDir,
    SEED: 'true',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    STRIPE_SECRET_KEY: 'sk_test_bench',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_bench',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICES: `basic:price_bench_basic,pro:${PRICE_ID}`,
    STRIPE_API_URL: `http://127.0.0.1:${standInPort}`,
  };
  const api = await startServer(apiScript, { port: apiPort, env, cwd: root });
  let standIn;
  let sent = 0;
  const distinct = new Set();
  const acknowledged = new Set();
  let webhooks, company, drained, resent;
  try {
    const companyAnswer = await call(apiPort, { path: `/api/company/${HOST}` });
    const companyId = JSON.parse(companyAnswer.text).id;
    standIn = await startServer(join(root, 'bench', 'baseline', 'stripe-stand-in.cjs'), {
      port: standInPort,
      env: { COMPANY_ID: companyId, PRICE_ID },
      cwd: root,
    });
    const companyUrl = `http://127.0.0.1:${apiPort}/api/company/${HOST}`;
    await load({ url: companyUrl, duration: 2 }); // warm-up, not reported
    company = await load({ url: companyUrl, duration: durationSeconds });

    let next = 0;
    const body = () => {
      sent += 1;
      // A redelivery: an event already sent, picked from those so far.
      const n = sent % DUPLICATE_EVERY === 0 && next > 0 ? Math.floor(Math.random() * next) : next++;
      distinct.add(n);
      return event(n);
    };
    webhooks = await load({
      url: `http://127.0.0.1:${apiPort}/api/stripe/webhook`,
      duration: durationSeconds,
      method: 'POST',
      requests: [
        {
          setupRequest: (request, context) => {
            const payload = body();
            context.n = JSON.parse(payload).id;
            return {
              ...request,
              body: payload,
              headers: { ...request.headers, 'content-type': 'application/json', 'stripe-signature': signature(payload, Math.floor(Date.now() / 1000)) },
            };
          },
          onResponse: (status, _body, context) => {
            if (status === 200) acknowledged.add(context.n);
          },
        },
      ],
    });
    // The events the load built but did not see acknowledged (cut off at its end, or built and
    // never sent) are delivered once more: every distinct event is then stored.
    resent = 0;
    for (const n of distinct) {
      if (acknowledged.has(`evt_bench_${n}`)) continue;
      const answer = await deliver(apiPort, n);
      if (answer.status !== 200) throw new Error(`the webhook answered ${answer.status} to a redelivery: ${answer.text}`);
      resent += 1;
    }
    drained = await drain(standInPort, distinct.size, Math.max(60_000, distinct.size * DRAIN_MS_PER_EVENT));
  } finally {
    // SIGTERM: the app closes, awaiting the worker's round in progress.
    await stop(api.child);
    if (standIn) await stop(standIn.child);
  }
  const effects = await countEffects(root, dataDir, databaseUrl);
  return {
    endpoint: 'POST /api/stripe/webhook (signed invoice.paid, re-read from a Stripe stand-in on 127.0.0.1)',
    database: databaseUrl ? 'PostgreSQL' : 'embedded (PGlite)',
    connections: CONNECTIONS,
    durationSeconds,
    duplicateShare: 1 / DUPLICATE_EVERY,
    ...webhooks,
    deliveriesBuilt: sent,
    distinctEvents: distinct.size,
    resentAfterLoad: resent,
    // The worker's drain after the load: until every distinct invoice was read at the stand-in.
    ...drained,
    ...effects,
    oneEffectEach:
      effects.recordedEvents === distinct.size &&
      effects.processedEvents === effects.recordedEvents &&
      effects.invoices === effects.distinctInvoices &&
      effects.invoices === effects.processedEvents,
    goal: { requestsPerSecond: 1000, latencyP99Ms: 20 },
    baselineCompanyByHost: { endpoint: 'GET /api/company/{host}', ...company },
  };
}
