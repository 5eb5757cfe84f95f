import { defineConfig } from '@playwright/test';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { productServer } from './fixtures/product-server';

/*
 * The webinar suites that carry media (e2e/media/), one engine a run (MEDIA_ENGINE=mesh|janus).
 * Run only by scripts/media-namespace.sh, inside a network namespace of its own: the built API on
 * PGlite, Chromium, and for `janus` a real Janus (scripts/start-janus.mjs, which refuses to start
 * anywhere else) with JANUS_* pointing the API at it.
 */

const jsonReport = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;
const janus = process.env.MEDIA_ENGINE === 'janus';
const janusPort = Number(process.env.E2E_JANUS_PORT ?? 8188);
const janusAdminPort = Number(process.env.E2E_JANUS_ADMIN_PORT ?? 7188);
const dataDir = mkdtempSync(join(tmpdir(), 'incontra-e2e-media-'));
const janusAdminKey = process.env.E2E_JANUS_ADMIN_KEY ?? 'e2e-janus-admin-key';
const janusAdminSecret = process.env.E2E_JANUS_ADMIN_SECRET ?? 'e2e-janus-admin-secret';
/** Janus records here and the API makes the replays from here. */
const recordings = mkdtempSync(join(tmpdir(), 'incontra-e2e-recordings-'));
const chromium = JSON.parse(readFileSync(resolve(__dirname, '../tooling/chromium.json'), 'utf8')) as {
  executablePath: string;
  args: string[];
  fakeMediaArgs: string[];
};

export default defineConfig({
  testDir: './media',
  testMatch: janus ? 'webinar-janus.spec.ts' : 'webinar-mesh.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: jsonReport ? [['list'], ['json', { outputFile: jsonReport }]] : [['list']],
  use: {
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? chromium.executablePath,
      // Host candidates as addresses, not mDNS names Janus cannot resolve.
      args: [...chromium.args, ...chromium.fakeMediaArgs, '--disable-features=WebRtcHideLocalIpsWithMdns'],
    },
  },
  webServer: [
    ...(janus
      ? [
          {
            command: 'node e2e/scripts/start-janus.mjs',
            cwd: resolve(__dirname, '..'),
            port: janusPort,
            timeout: 30_000,
            reuseExistingServer: false,
            stdout: 'ignore' as const,
            stderr: 'pipe' as const,
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
            env: {
              E2E_JANUS_PORT: String(janusPort),
              E2E_JANUS_ADMIN_PORT: String(janusAdminPort),
              E2E_JANUS_ADMIN_KEY: janusAdminKey,
              E2E_JANUS_ADMIN_SECRET: janusAdminSecret,
              E2E_JANUS_RECORDINGS: recordings,
            },
          },
        ]
      : []),
    productServer(
      dataDir,
      janus
        ? {
            JANUS_URL: `ws://127.0.0.1:${janusPort}`,
            JANUS_ADMIN_URL: `ws://127.0.0.1:${janusAdminPort}`,
            JANUS_ADMIN_KEY: janusAdminKey,
            JANUS_ADMIN_SECRET: janusAdminSecret,
            JANUS_RECORDINGS_DIR: recordings,
          }
        : {},
    ),
  ],
});
