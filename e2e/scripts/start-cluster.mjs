#!/usr/bin/env node
// Two API processes sharing one PostgreSQL database and Redis, for the cluster suite
// (lobby-cluster.spec.ts): a request sent through one must reach staff connected to the other.
// Started by Playwright as one `webServer` entry (it waits on the second port):
//   1. drops and re-creates the database `incontra_e2e_cluster`, so every run starts from the seed;
//   2. starts the built API (`node api/dist/server.js`) on the first port with SEED=true and waits
//      until it answers (migrations and seed are done by then);
//   3. starts the second process on the next port with SEED=false and the same environment;
//   4. forwards SIGTERM/SIGINT to both and exits as soon as either dies.
// The servers run in process groups of their own: Playwright signals this script's group, and a
// server must get the signal once (server.js handles only the first; a second one kills it
// mid-close). Whatever ends this script ends them too (forwarded signal, then SIGKILL).
// Mail goes through SMTP to E2E_CLUSTER_SMTP_PORT (default E2E_CLUSTER_PORT + 2) on 127.0.0.1,
// where nobody listens unless a test starts its sink there (e2e/fixtures/smtp-sink.ts): until
// then every delivery fails and is listed as undelivered, as with a mail server that is down. The
// outbox view still lists every message, delivered or not.
// Ports: E2E_CLUSTER_PORT and E2E_CLUSTER_PORT + 1 (default 3320, 3321). PostgreSQL:
// E2E_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432). Redis: E2E_REDIS_URL.
// The servers' output goes to a log file per process, named on stderr when a process dies.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const firstPort = Number(process.env.E2E_CLUSTER_PORT ?? 3320);
const ports = [firstPort, firstPort + 1];
const smtpPort = Number(process.env.E2E_CLUSTER_SMTP_PORT ?? firstPort + 2);
const postgresUrl = (process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
const database = 'incontra_e2e_cluster';
const startTimeoutMs = 60_000;

const dataDir = mkdtempSync(join(tmpdir(), 'incontra-e2e-cluster-'));
const serverEntry = join(repoRoot, 'api/dist/server.js');

/** What both processes share: the database, Redis and the room-token secret (tokens cross processes). */
const sharedEnv = {
  DATABASE_URL: `${postgresUrl}/${database}`,
  REDIS_URL: process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379',
  ROOM_TOKEN_SECRET: 'e2e-cluster-room-token-secret-0123456789abcdef',
  DATA_DIR: dataDir,
  OUTBOX_VIEW: 'true',
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  LOG_LEVEL: 'warn',
  LOGIN_RATE_LIMIT_PER_MINUTE: '200',
  // The breaker suite books 21 times from 127.0.0.1 within a minute to trip a store's breaker (the
  // per-address limit counts in Redis across both processes; the breaker counts per store).
  BOOKING_RATE_LIMIT_PER_MINUTE: '200',
  JOIN_REQUEST_RATE_LIMIT_PER_MINUTE: '1000',
  LOBBY_RATE_LIMIT_PER_MINUTE: '10000',
};

const children = [];
let stopping = false;

function fail(message) {
  process.stderr.write(`start-cluster: ${message}\n`);
  stop('SIGTERM', 1);
}

/** Stops every child still running with `signal`, then exits with `code` once they are gone. */
function stop(signal, code) {
  if (stopping) return;
  stopping = true;
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  if (running.length === 0) process.exit(code);
  let left = running.length;
  for (const child of running) {
    child.once('exit', () => {
      left -= 1;
      if (left === 0) process.exit(code);
    });
    child.kill(signal);
  }
  // A child that ignores the signal must not keep the port (and Playwright, which gives up after
  // the config's gracefulShutdown timeout) waiting.
  setTimeout(() => process.exit(code), 10_000);
}

async function recreateDatabase() {
  const { Client } = createRequire(join(repoRoot, 'api/package.json'))('pg');
  const client = new Client({ connectionString: `${postgresUrl}/postgres` });
  await client.connect();
  try {
    // FORCE ends the sessions a previous, killed run may have left open.
    await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${database}`);
  } finally {
    await client.end();
  }
}

function startServer(port, seed) {
  const logFile = join(dataDir, `api-${port}.log`);
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: { ...process.env, ...sharedEnv, PORT: String(port), SEED: String(seed) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  children.push(child);
  child.once('exit', (code, signal) => {
    if (!stopping) fail(`the API on port ${port} exited (${signal ?? `code ${code}`}); its output: ${logFile}`);
  });
  return child;
}

/** Resolves once the process answers HTTP at all (any status: 127.0.0.1 is no company's host). */
async function waitUntilAnswering(port, child) {
  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the API on port ${port} exited while starting`);
    try {
      await fetch(`http://127.0.0.1:${port}/api/config/company`, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      await new Promise((done) => setTimeout(done, 250));
    }
  }
  throw new Error(`the API on port ${port} did not answer within ${startTimeoutMs / 1000} s`);
}

process.on('exit', () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
process.once('SIGTERM', () => stop('SIGTERM', 0));
process.once('SIGINT', () => stop('SIGINT', 0));

async function main() {
  if (!existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run npm run build first`);
  await recreateDatabase();
  const first = startServer(ports[0], true);
  await waitUntilAnswering(ports[0], first);
  const second = startServer(ports[1], false);
  await waitUntilAnswering(ports[1], second);
  process.stderr.write(`start-cluster: API processes on ports ${ports.join(' and ')} (logs in ${dataDir})\n`);
}

main().catch((error) => fail(error instanceof Error ? error.message : String(error)));
