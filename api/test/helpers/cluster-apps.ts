import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { buildApp, type AppOverrides } from '../../src/app';
import { loadConfig } from '../../src/config/config';
import type { Database } from '../../src/db/database';
import { RecordingErrorReporter, TestClock, type TestApp } from './test-app';
import { createTestDatabase } from './test-database';
import { createStaticRoot } from './test-static-root';

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface ClusterApps {
  /** Two API processes on one database and one Redis, with the same room token secret. */
  a: TestApp;
  b: TestApp;
  /** The Redis key prefix of this run: nothing is shared with another run on the same server. */
  keyPrefix: string;
  close(): Promise<void>;
}

export interface ClusterAppsOptions {
  env?: Record<string, string>;
  overrides?: Pick<AppOverrides, 'signallingGraceMs' | 'signallingCluster' | 'lobbyLimits' | 'webinarLiveTallyMs'>;
}

/**
 * Two apps as two processes would run them. The database is opened once and handed to both;
 * each app closes it on its own close, so the shared one ignores that and is closed at the end.
 */
export async function startClusterApps(options: ClusterAppsOptions = {}): Promise<ClusterApps> {
  const staticRoot = await createStaticRoot();
  const testDatabase = await createTestDatabase();
  const db = await testDatabase.open();
  // Each app gets its own handle on the one database: closing it does nothing (the database is
  // closed at the end), and it announces only its own app's commits, as a process of its own would
  // (the other's changes reach it through Redis, never through a shared listener).
  if (!('committedChangeListeners' in db)) throw new Error('Database no longer keeps its listeners in committedChangeListeners: update this helper');
  const handle = (): Database => Object.create(db, { close: { value: async () => undefined }, committedChangeListeners: { value: new Set() } }) as Database;
  const keyPrefix = `incontra-test-${randomBytes(6).toString('hex')}:`;
  const loaded = loadConfig({ LOG_LEVEL: 'silent', STATIC_ROOT: staticRoot, DATA_DIR: staticRoot, REDIS_URL, ...options.env });
  // Many sign-ins from one test IP.
  const config = { ...loaded, rateLimits: { ...loaded.rateLimits, loginPerMinute: 1000 } };
  const clock = new TestClock();
  const start = async (): Promise<TestApp> => {
    const shared = handle();
    const reporter = new RecordingErrorReporter();
    const app = await buildApp(config, {
      clock: clock.now,
      database: shared,
      errorReporter: reporter,
      signallingGraceMs: 0,
      ...options.overrides,
      signallingCluster: { keyPrefix, ...options.overrides?.signallingCluster },
    });
    await app.ready();
    let closing: Promise<void> | null = null;
    return { app, db: shared, config, clock, reporter, close: () => (closing ??= app.close()) };
  };
  const a = await start();
  const b = await start();
  return {
    a,
    b,
    keyPrefix,
    close: async () => {
      await Promise.all([a.close(), b.close()]);
      await db.close();
      await testDatabase.drop();
      await rm(staticRoot, { recursive: true, force: true });
    },
  };
}
