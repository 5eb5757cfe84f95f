import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOverrides } from '../../src/app';
import { loadConfig, type AppConfig, type RateLimitConfig } from '../../src/config/config';
import type { Database } from '../../src/db/database';
import type { ErrorReporter, ServerErrorContext } from '../../src/errors/error-reporter';
import { createTestDatabase } from './test-database';
import { createStaticRoot } from './test-static-root';

const UNBOUNDED_FLOODS = {
  BOOKING_BREAKER_BOOKINGS: '100000',
  MAIL_STAFF_PER_HOUR: '1000000',
  MAIL_STAFF_PER_DAY: '1000000',
  MAIL_COMPANY_STAFF_PER_HOUR: '1000000',
  MAIL_COMPANY_STAFF_PER_DAY: '1000000',
};

/** Starting a fresh database, migrating and seeding takes seconds on a busy machine. */
export const START_TIMEOUT_MS = 60_000;

export class TestClock {
  private current = new Date('2026-03-02T09:00:00.000Z');
  readonly now = () => new Date(this.current);

  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export class RecordingErrorReporter implements ErrorReporter {
  readonly captured: { error: unknown; context: ServerErrorContext }[] = [];
  flushes = 0;

  capture(error: unknown, context: ServerErrorContext): void {
    this.captured.push({ error, context });
  }

  async flush(): Promise<boolean> {
    this.flushes += 1;
    return true;
  }
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: AppConfig;
  clock: TestClock;
  reporter: RecordingErrorReporter;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  withShell?: boolean;
  overrides?: Pick<
    AppOverrides,
    | 'mailTransport'
    | 'errorReporter'
    | 'signallingGraceMs'
    | 'lobbyNotifier'
    | 'sweepIntervalMs'
    | 'reminderIntervalMs'
    | 'renewalIntervalMs'
    | 'sdiIntervalMs'
    | 'posExpiryIntervalMs'
    | 'webinarSweepIntervalMs'
    | 'webinarReplayIntervalMs'
    | 'mailRedeliveryIntervalMs'
    | 'lobbyLimits'
    | 'webinarLiveTallyMs'
    | 'twilioHttpClient'
  >;
  /** Suites that do not test the limits raise them, so that many calls from one test IP pass. */
  rateLimits?: Partial<RateLimitConfig>;
  /** Adds routes before the app is ready (e.g. one that fails, for the error reporter). */
  extend?(app: FastifyInstance): void;
}

/** The real app on a fresh database, seeded, with a fake build tree and a controllable clock. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const staticRoot = await createStaticRoot({ withShell: options.withShell });
  const testDatabase = await createTestDatabase();
  const db = await testDatabase.open();
  // The flood bounds are the subject of booking-floods.test.ts; elsewhere they would only stop the
  // many bookings and staff e-mails of one test's fixed clock.
  const loaded = loadConfig({ LOG_LEVEL: 'silent', STATIC_ROOT: staticRoot, DATA_DIR: staticRoot, ...UNBOUNDED_FLOODS, ...options.env });
  const config = { ...loaded, rateLimits: { ...loaded.rateLimits, ...options.rateLimits } };
  const clock = new TestClock();
  const reporter = new RecordingErrorReporter();
  // A lost signalling socket leaves at once unless a suite tests the grace period itself.
  // Reminders are swept by hand in tests (a timer would send them whenever a suite's clock allows).
  const app = await buildApp(config, {
    clock: clock.now,
    database: db,
    errorReporter: reporter,
    signallingGraceMs: 0,
    reminderIntervalMs: null,
    renewalIntervalMs: null,
    sdiIntervalMs: null,
    posExpiryIntervalMs: null,
    webinarSweepIntervalMs: null,
    webinarReplayIntervalMs: null,
    mailRedeliveryIntervalMs: null,
    webhookInboxIntervalMs: null,
    ...options.overrides,
  });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    db,
    config,
    clock,
    reporter,
    close: async () => {
      await app.close();
      await testDatabase.drop();
      await rm(staticRoot, { recursive: true, force: true });
    },
  };
}
