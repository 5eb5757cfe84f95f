import { defineConfig } from '@playwright/test';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { productServer } from './fixtures/product-server';

const jsonReport = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;
/** The cluster suite's two API processes listen here and on the next port (fixtures/lobby.ts). */
const clusterPort = Number(process.env.E2E_CLUSTER_PORT ?? 3320);
const dataDir = mkdtempSync(join(tmpdir(), 'incontra-e2e-'));
const chromium = JSON.parse(readFileSync(resolve(__dirname, '../tooling/chromium.json'), 'utf8')) as {
  executablePath: string;
  args: string[];
  fakeMediaArgs: string[];
};

export default defineConfig({
  testDir: './tests',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One at a time: the room suites run two or three browsers encoding video (and blurring it in
  // software) on a 2-core machine; beside another suite they starve each other of CPU.
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: jsonReport ? [['list'], ['json', { outputFile: jsonReport }]] : [['list']],
  use: {
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? chromium.executablePath,
      args: [...chromium.args, ...chromium.fakeMediaArgs],
    },
  },
  webServer: [
    // The built product, exactly as `npm start` runs it, on a fresh embedded database.
    productServer(dataDir, {
      // The suites book many appointments at Milano within minutes; the breaker is tested by the API suite.
      BOOKING_BREAKER_BOOKINGS: '100000',
      // The lobby suites send many join requests and status calls from 127.0.0.1 too.
      JOIN_REQUEST_RATE_LIMIT_PER_MINUTE: '1000',
      LOBBY_RATE_LIMIT_PER_MINUTE: '10000',
    }),
    {
      // Two API processes on one PostgreSQL database and Redis, for lobby-cluster.spec.ts; the
      // script answers on the second port once both are up.
      command: 'node e2e/scripts/start-cluster.mjs',
      cwd: resolve(__dirname, '..'),
      port: clusterPort + 1,
      timeout: 90_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      env: { E2E_CLUSTER_PORT: String(clusterPort) },
    },
  ],
});
