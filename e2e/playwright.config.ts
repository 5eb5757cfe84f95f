import { defineConfig } from '@playwright/test';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { E2E_PORT } from './fixtures/tenants';

const jsonReport = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;
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
  webServer: {
    // The built product, exactly as `npm start` runs it, on a fresh embedded database.
    command: 'npm run start --workspace @incontra/api',
    cwd: resolve(__dirname, '..'),
    port: E2E_PORT,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: dataDir,
      SEED: 'true',
      OUTBOX_VIEW: 'true',
      LOG_LEVEL: 'warn',
      // Every suite signs in from 127.0.0.1; the limit itself is tested by the API suite.
      LOGIN_RATE_LIMIT_PER_MINUTE: '200',
      DATABASE_URL: '',
    },
  },
});
