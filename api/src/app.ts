import fastifyCookie from '@fastify/cookie';
import type { RequestClient } from 'twilio';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { IT } from '@incontra/contracts/messages/it';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { activityPlugin } from './activity/routes';
import { csrfPlugin } from './auth/csrf';
import { authPlugin, passwordResetPlugin } from './auth/plugin';
import { decorateStaffRequest } from './auth/staff-scope';
import { billingPlugin } from './billing/plugin';
import { paymentsPlugin } from './payments/plugin';
import { posPlugin } from './pos/plugin';
import { webinarsPlugin } from './webinars/plugin';
import { bookingPlugin } from './booking/plugin';
import type { Clock } from './common/clock';
import { editorImagesPlugin } from './company/editor-images/routes';
import { companyPlugin } from './company/routes';
import type { AppConfig } from './config/config';
import type { Database } from './db/database';
import { documentsPlugin } from './documents/plugin';
import { installErrorHandler } from './errors/error-handler';
import { createLogErrorReporter, type ErrorReporter } from './errors/error-reporter';
import { ErrorReporting } from './errors/error-reporting';
import { HttpError } from './http/http-error';
import { installJsonBodyParser } from './http/json-body';
import { sharedRateLimitOptions } from './http/shared-rate-limits';
import { installZodCompilers } from './http/zod-type-provider';
import type { LobbyNotifier } from './lobby/lobby-ports';
import { lobbyPlugin } from './lobby/plugin';
import type { WebinarLiveLimits } from './webinars/live/live-session';
import type { LobbyLimits } from './lobby-realtime/lobby-session';
import type { MailTransport } from './mail/mail-transport';
import { mailOutboxPlugin, mailPlugin } from './mail/plugin';
import { corePlugin } from './plugins/core';
import { roomsPlugin } from './rooms/routes';
import { shellPlugin } from './shell/plugin';
import { installSecurityHeaders } from './shell/security-headers';
import type { SignallingClusterTuning } from './signalling/cluster-signalling-setup';
import { signallingPlugin } from './signalling/plugin';
import { smsPlugin } from './sms/plugin';
import { realtimePlugin } from './socket-routes';
import { storesPlugin } from './stores/routes';
import { tenancyPlugin } from './tenancy/plugin';
import { translationsPlugin } from './translations/routes';
import { usersPlugin } from './users/routes';
import { videoRoomPlugin } from './video-room/plugin';

/** What tests (and only tests) replace: time, the outside services, an already opened database. */
export interface AppOverrides {
  clock?: Clock;
  database?: Database;
  errorReporter?: ErrorReporter;
  mailTransport?: MailTransport | null;
  /** How long a lost signalling socket keeps its seat (the contract's value otherwise). */
  signallingGraceMs?: number;
  /** Shorter room leases and timers, and a key prefix of the test run (with REDIS_URL only). */
  signallingCluster?: SignallingClusterTuning;
  /** Where the join-request service announces its changes (the realtime side's otherwise). */
  lobbyNotifier?: LobbyNotifier;
  /** The lobby sweeper's period; null: no timer (tests sweep by hand). */
  sweepIntervalMs?: number | null;
  /** The e-mail redelivery sweep's period; null: no timer (tests sweep by hand). */
  mailRedeliveryIntervalMs?: number | null;
  /** The booking reminders' sweep period; null: no timer (tests sweep by hand). */
  reminderIntervalMs?: number | null;
  /** The subscription renewal sweep's period; null: no timer (tests sweep by hand). */
  renewalIntervalMs?: number | null;
  /** The e-invoices' sending to the SdI (with SDI_PEC_* only); null: no timer (tests send by hand). */
  sdiIntervalMs?: number | null;
  /** The point of sale's expiry sweep period; null: no timer (tests sweep by hand). */
  posExpiryIntervalMs?: number | null;
  /** The webinars' reminders and cancellation notices sweep period; null: no timer (tests sweep by hand). */
  webinarSweepIntervalMs?: number | null;
  /** The webinars' replay sweep period (with Janus' recordings folder); null: no timer (tests make replays by hand). */
  webinarReplayIntervalMs?: number | null;
  /** The Stripe webhook inbox worker's period; null: no timer nor wake-up (tests run its rounds by hand). */
  webhookInboxIntervalMs?: number | null;
  /** The lobby socket's timers (tests shorten the staff session check); the contract's otherwise. */
  lobbyLimits?: LobbyLimits;
  /** The webinars' live socket's timers; the contract's otherwise. */
  webinarLiveLimits?: WebinarLiveLimits;
  /** How often the webinars' live seats are refreshed and their viewers counted (WEBINAR_LIVE.tallyIntervalMs otherwise). */
  webinarLiveTallyMs?: number;
  /** Twilio's HTTP layer for the webinars' group rooms (tests answer in its place; Twilio's own otherwise). */
  twilioHttpClient?: RequestClient;
}

const BODY_LIMIT_BYTES = 1024 * 1024;

/** A hop count becomes "trust the nearest N proxies"; other values are Fastify's own. */
function trustProxyOption(value: AppConfig['trustProxy']): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

/**
 * How long one plugin may take to start. The core opens the database, applies every migration and,
 * on a fresh embedded database, seeds the demo companies (their passwords hashed): on a loaded
 * machine that is more than Fastify's 10 s default, which stopped the start of a sound server (seen
 * with both cores busy). A start that truly hangs still fails, after two minutes.
 */
const PLUGIN_START_TIMEOUT_MS = 120_000;

/**
 * The whole product's server, in order: external plugins and hooks, the core (config, database,
 * pub/sub, uploads, cache, the e-mail and SMS ports), the domains (each a plugin that declares
 * what it needs, so a line moved above its dependency stops the start), the builds and the shell
 * last. Tests' overrides are the plugins' options. `server.ts` only listens.
 */
export async function buildApp(config: AppConfig, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    pluginTimeout: PLUGIN_START_TIMEOUT_MS,
  });
  try {
    await app.register(fastifyCookie);
    await app.register(fastifyRateLimit, {
      global: false,
      ...sharedRateLimitOptions(app, config.redisUrl),
      errorResponseBuilder: (request) =>
        new HttpError(429, request.routeOptions.url === '/api/login' ? IT_BACKOFFICE.tooManyAttempts : IT.errors.tooManyRequests),
    });
    installSecurityHeaders(app, config.remotes);
    installErrorHandler(app, new ErrorReporting(overrides.errorReporter ?? createLogErrorReporter(app.log)));
    // Route schemas are the contracts' zod schemas: requests checked, answers held to the contract.
    installZodCompilers(app);
    installJsonBodyParser(app);
    await app.register(csrfPlugin, { tokenSecret: config.video.tokenSecret });
    // `request.staff` on every request, filled only inside the route plugins' staff scopes.
    decorateStaffRequest(app);

    await app.register(corePlugin, { config, clock: overrides.clock, database: overrides.database });
    await app.register(mailPlugin, { transport: overrides.mailTransport });

    await app.register(tenancyPlugin);
    // The SMS port comes after tenancy: its development outbox is a read of the host's company.
    await app.register(smsPlugin);
    await app.register(authPlugin);
    await app.register(passwordResetPlugin);
    await app.register(mailOutboxPlugin, { redeliveryIntervalMs: overrides.mailRedeliveryIntervalMs });
    await app.register(paymentsPlugin, { webhookInboxIntervalMs: overrides.webhookInboxIntervalMs });
    await app.register(billingPlugin, { renewalIntervalMs: overrides.renewalIntervalMs, sdiIntervalMs: overrides.sdiIntervalMs });
    await app.register(posPlugin, { expirySweepIntervalMs: overrides.posExpiryIntervalMs });
    await app.register(bookingPlugin, { reminderIntervalMs: overrides.reminderIntervalMs });
    await app.register(webinarsPlugin, {
      sweepIntervalMs: overrides.webinarSweepIntervalMs,
      liveTallyMs: overrides.webinarLiveTallyMs,
      replaySweepIntervalMs: overrides.webinarReplayIntervalMs,
      twilioHttpClient: overrides.twilioHttpClient,
    });
    await app.register(signallingPlugin, { graceMs: overrides.signallingGraceMs, tuning: overrides.signallingCluster });
    await app.register(lobbyPlugin, { notifier: overrides.lobbyNotifier, sweepIntervalMs: overrides.sweepIntervalMs });
    await app.register(videoRoomPlugin);
    await app.register(documentsPlugin);
    await app.register(realtimePlugin, { lobbyLimits: overrides.lobbyLimits, webinarLiveLimits: overrides.webinarLiveLimits });
    for (const area of [usersPlugin, storesPlugin, roomsPlugin, companyPlugin, editorImagesPlugin, activityPlugin, translationsPlugin])
      await app.register(area);

    await app.register(shellPlugin);
    return app;
  } catch (error) {
    await app.close();
    throw error;
  }
}
