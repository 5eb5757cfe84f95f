import { performance } from 'node:perf_hooks';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { IT } from '@incontra/contracts/messages/it';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { activityPlugin } from './activity/routes';
import { AuthService } from './auth/auth-service';
import { createAuthenticate } from './auth/authenticate';
import { COMPANY_CACHE_MAX_ENTRIES, COMPANY_CACHE_TTL_MS, CompanyCache } from './cache/company-cache';
import { CompanyChanges } from './cache/company-changes';
import { systemClock, type Clock } from './common/clock';
import { CsrfTokens, csrfSecret } from './auth/csrf';
import { loginThrottle } from './auth/login-throttle';
import { PasswordResetService } from './auth/password-reset-service';
import { passwordResetRoutes } from './auth/password-reset-routes';
import { SessionService } from './auth/session-service';
import { sessionRoutes } from './auth/session-routes';
import { decorateStaffRequest } from './auth/staff-scope';
import { billingRoutes } from './billing/routes';
import { BillingService } from './billing/service';
import { companyPlugin } from './company/routes';
import { editorImagesPlugin } from './company/editor-images/routes';
import type { AppConfig } from './config/config';
import { Database } from './db/database';
import { documentsPlugin } from './documents/plugin';
import { installErrorHandler } from './errors/error-handler';
import { createLogErrorReporter, type ErrorReporter } from './errors/error-reporter';
import { ErrorReporting } from './errors/error-reporting';
import { errorBody, HttpError } from './http/http-error';
import { installJsonBodyParser } from './http/json-body';
import { sharedRateLimitOptions } from './http/shared-rate-limits';
import { installZodCompilers } from './http/zod-type-provider';
import { guestSeatsOf } from './lobby/guest-seats';
import { LobbyHub } from './lobby-realtime/lobby-hub';
import type { LobbyNotifier } from './lobby/lobby-ports';
import { createLobbyGate } from './lobby-realtime/lobby-realtime-routes';
import type { LobbyLimits } from './lobby-realtime/lobby-session';
import { PubSubLobbyNotifier } from './lobby-realtime/notifier';
import { lobbyRoutes } from './lobby/routes';
import { bookingPlugin } from './booking/plugin';
import { JoinRequestService } from './lobby/service';
import { LobbySweeper, SWEEP_INTERVAL_MS } from './lobby/sweeper';
import type { MailTransport } from './mail/mail-transport';
import { MAIL_REDELIVERY_INTERVAL_MS, MailRedeliverySweeper, Mailer } from './mail/mailer';
import { devOutboxRoutes, undeliveredMailRoutes } from './mail/routes';
import { recordStaffMailRefusal, StaffMailLimitExceeded } from './mail/staff-mail-limits';
import { createSmtpTransport } from './mail/smtp-transport';
import { storesPlugin } from './stores/routes';
import { startSignalling, type SignallingClusterTuning } from './signalling/cluster-signalling-setup';
import { MemberGoneRelay } from './signalling/member-gone-relay';
import { corePlugin, roomEntriesPlugin } from './plugins/core';
import { createPubSub } from './realtime/create-pubsub';
import { roomsPlugin } from './rooms/routes';
import { realtimeRoutes } from './socket-routes';
import { seedDatabase } from './seed/seed';
import { shellRoutes } from './shell/routes';
import { installSecurityHeaders } from './shell/security-headers';
import { ShellTemplate } from './shell/shell-template';
import { registerStaticAssets } from './shell/static-assets';
import { createSmsSender } from './sms/create-sms-sender';
import { PhoneVerificationService, smsCodeSecret } from './sms/phone-verification';
import { devSmsOutboxRoutes } from './sms/routes';
import { PublicConfigReads } from './tenancy/public-config';
import { tenancyRoutes } from './tenancy/routes';
import { TenancyService } from './tenancy/service';
import { DiskUploadStore } from './uploads/disk-upload-store';
import { usersPlugin } from './users/routes';
import { translationsPlugin } from './translations/routes';
import { videoRoomRoutes } from './video-room/routes';
import { VideoRoomService } from './video-room/service';
import { videoProviderAdapters } from './video-room/video-provider';

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
  /** The lobby socket's timers (tests shorten the staff session check); the contract's otherwise. */
  lobbyLimits?: LobbyLimits;
}

const BODY_LIMIT_BYTES = 1024 * 1024;

/** A hop count becomes "trust the nearest N proxies"; other values are Fastify's own. */
function trustProxyOption(value: AppConfig['trustProxy']): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

async function prepareDatabase(app: FastifyInstance, config: AppConfig, overrides: AppOverrides, clock: Clock): Promise<Database> {
  const started = performance.now();
  const db = overrides.database ?? (await Database.open(config.database, (error) => app.log.warn({ err: error }, 'idle database connection lost')));
  app.addHook('onClose', () => db.close());
  const opened = performance.now();
  await db.migrate();
  const migrated = performance.now();
  if (config.seed) await seedDatabase(db, clock());
  const ms = (from: number, to: number) => Math.round(to - from);
  app.log.debug({ driver: db.driver, openMs: ms(started, opened), migrateMs: ms(opened, migrated), seedMs: ms(migrated, performance.now()) }, 'database ready');
  return db;
}

/**
 * The whole product's server: external plugins, then the cross-cutting hooks, then the domain
 * services and their routes, the builds and the shell last. `server.ts` only listens.
 */
export async function buildApp(config: AppConfig, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: config.logLevel }, trustProxy: trustProxyOption(config.trustProxy), bodyLimit: BODY_LIMIT_BYTES });
  const clock = overrides.clock ?? systemClock;
  try {
    const db = await prepareDatabase(app, config, overrides, clock);
    // What a write does once committed (e-mail delivery, notices, put-outs) is logged here when it fails.
    const stopLoggingEffects = db.onEffectFailure((error) => app.log.error({ err: error }, 'after-commit effect failed'));
    app.addHook('onClose', async () => stopLoggingEffects());

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
    const csrf = new CsrfTokens(csrfSecret(config.video.tokenSecret));
    app.addHook('onRequest', csrf.guard);
    // `request.staff` on every request, filled only inside the route plugins' staff scopes.
    decorateStaffRequest(app);

    const transport = overrides.mailTransport !== undefined ? overrides.mailTransport : config.smtpUrl ? createSmtpTransport(config.smtpUrl) : null;
    const mailer = new Mailer(db, transport, config.mailFrom, clock, app.log, config.staffMailLimits);
    // A staff action refused by an e-mail bound rolled back: the refusal gets its own line in the activity log.
    app.addHook('onError', async (_request, _reply, error) => {
      if (error instanceof StaffMailLimitExceeded)
        await recordStaffMailRefusal(db, error).catch((recordError: unknown) => app.log.warn({ err: recordError }, 'e-mail bound refusal not logged'));
    });
    // Every process tries again what is due (a failed delivery's backoff, a stopped process's leftovers).
    const mailRedelivery = new MailRedeliverySweeper(
      () => mailer.redeliver(),
      overrides.mailRedeliveryIntervalMs === undefined ? MAIL_REDELIVERY_INTERVAL_MS : overrides.mailRedeliveryIntervalMs,
      app.log,
    );
    app.addHook('onReady', async () => mailRedelivery.start());
    app.addHook('onClose', async () => {
      await mailRedelivery.stop();
      await mailer.close();
    });
    // The process's one pub/sub (Redis when REDIS_URL is set): the lobby's events, the rooms' bridges,
    // the companies' changes.
    const pubsub = createPubSub(config, app.log);
    app.addHook('onClose', () => pubsub.close());
    // What the process keeps of a company (its hosts, its staff sessions, its lists' pages) is
    // dropped by every committed change of the company, here at once and in the other processes
    // through the pub/sub port.
    const tenancy = new TenancyService(db, clock);
    const cache = new CompanyCache(COMPANY_CACHE_TTL_MS, COMPANY_CACHE_MAX_ENTRIES, () => clock().getTime());
    const companyChanges = new CompanyChanges(app.log);
    companyChanges.onChange((companyId) => (companyId ? tenancy.dropCompany(companyId) : tenancy.forget()));
    companyChanges.onChange((companyId) => (companyId ? cache.companyChanged(companyId) : cache.clear()));
    const stopAnnouncingChanges = db.onCommittedChange((companyId) => companyChanges.changed(companyId));
    app.addHook('onClose', async () => stopAnnouncingChanges());
    const stopHearingChanges = await companyChanges.listen(pubsub);
    app.addHook('onClose', () => stopHearingChanges().catch((error: unknown) => app.log.warn({ err: error }, 'company changes: unsubscribe failed')));
    const publicConfig = new PublicConfigReads(tenancy, cache);
    const sessions = new SessionService(db, clock, cache);
    const authenticate = createAuthenticate(tenancy, sessions);
    const uploads = new DiskUploadStore(config.uploadsDir);
    // The core, decorated once on the root instance (`app.db`, `app.mailer`…): what domain plugins declare as 'core'.
    await app.register(corePlugin, { config, clock, db, pubsub, mailer, uploads, cache, tenancy, sessions, authenticate });
    const limits = config.rateLimits;

    await app.register(tenancyRoutes, { tenancy, publicConfig });
    await app.register(bookingPlugin, { reminderIntervalMs: overrides.reminderIntervalMs });
    await app.register(sessionRoutes, { auth: new AuthService(db, sessions), tenancy, authenticate, csrf, limits, throttle: loginThrottle(db, clock, limits) });
    const resets = new PasswordResetService(db, sessions, mailer, clock, app.log);
    app.addHook('onClose', () => resets.close());
    await app.register(passwordResetRoutes, { resets, tenancy, limits, publicUrl: config.publicUrl });
    await app.register(billingRoutes, { billing: new BillingService(db), authenticate });
    const phoneVerification = new PhoneVerificationService({
      db,
      clock,
      sender: createSmsSender(config.sms),
      limits: { perPhonePerDay: config.lobby.smsPerPhonePerDay, perIpPerDay: config.lobby.smsPerIpPerDay, perCompanyPerDay: config.lobby.smsPerCompanyPerDay },
      codeSecret: smsCodeSecret(config.video.tokenSecret),
      defaultCountry: config.lobby.defaultCountry,
      log: app.log,
    });
    app.addHook('onClose', () => phoneVerification.close());
    // The live lobby. THE ONE PLACE its notifier is chosen: tests pass theirs; otherwise changes go
    // out on the pub/sub port, to the lobby sockets of every process.
    const lobbyNotifier: LobbyNotifier = overrides.lobbyNotifier ?? new PubSubLobbyNotifier(pubsub, app.log);
    // Each room's signalling runs on one process (the lease holder); sockets elsewhere are bridged.
    // The rooms start before the lobby, which asks them about seats; the lobby hears of members
    // gone for good through the relay, connected once the lobby exists.
    const membersGone = new MemberGoneRelay();
    const rooms = await startSignalling({
      config,
      pubsub,
      log: app.log,
      graceMs: overrides.signallingGraceMs,
      tuning: overrides.signallingCluster,
      onMemberGone: membersGone.notify,
    });
    const guestSeats = guestSeatsOf(config.video.provider, rooms, app.log);
    const lobby = new JoinRequestService({
      db,
      clock,
      lobby: config.lobby,
      notifier: lobbyNotifier,
      verification: phoneVerification,
      log: app.log,
      guestSeats,
    });
    // A guest gone for good ends its join request (joined → ended), told once, by the room's owner.
    membersGone.connect((room, identity) => lobby.guestGone(room.companyId, identity));
    const sweeper = new LobbySweeper(() => lobby.sweep(), overrides.sweepIntervalMs === undefined ? SWEEP_INTERVAL_MS : overrides.sweepIntervalMs, app.log);
    app.addHook('onReady', async () => sweeper.start());
    app.addHook('onClose', () => sweeper.stop());
    await app.register(lobbyRoutes, { lobby, tenancy, authenticate, limits: config.lobby, publicUrl: config.publicUrl });
    app.addHook('onClose', () => rooms.shutdown());
    const videoRoom = new VideoRoomService({
      db,
      clock,
      video: config.video,
      ...videoProviderAdapters(config.video, clock, rooms, app.log),
      guests: lobby,
      log: app.log,
    });
    // Ending a user's sessions (a new password, a reset, deactivation) ends their room entries too.
    sessions.connectRoomEntries(videoRoom);
    await app.register(documentsPlugin, { authorizeRoomToken: async (token) => (await videoRoom.authorize(token))?.claims ?? null });
    await app.register(realtimeRoutes, {
      signalling: { rooms, authorize: (token, holdsSeat) => videoRoom.authorize(token, holdsSeat), caps: config.sockets },
      lobby: {
        hub: new LobbyHub({ pubsub, access: lobby, log: app.log }),
        gate: createLobbyGate(authenticate, tenancy),
        limits: overrides.lobbyLimits,
        caps: config.sockets,
      },
    });
    await app.register(videoRoomRoutes, { videoRoom, authenticate, tenancy, guestJoinsPerMinute: config.lobby.visitorCallsPerMinute });
    // The back office's management areas: each a plugin (name, dependencies) built from the core's decorations.
    await app.register(roomEntriesPlugin, { roomEntries: videoRoom });
    for (const area of [usersPlugin, storesPlugin, roomsPlugin, companyPlugin, editorImagesPlugin, activityPlugin, translationsPlugin])
      await app.register(area);
    await app.register(undeliveredMailRoutes, { mailer, authenticate });
    if (config.outboxView) await app.register(devOutboxRoutes, { mailer, tenancy });
    if (config.outboxView) await app.register(devSmsOutboxRoutes, { outbox: phoneVerification.outbox, tenancy });

    await registerStaticAssets(app, config.staticRoot);
    await app.register(shellRoutes, { tenancy, publicConfig, template: new ShellTemplate(config.staticRoot), remotes: config.remotes, csrf });
    // Rate-limited, so that nobody maps the API by guessing paths quickly.
    app.setNotFoundHandler({ preHandler: app.rateLimit({ max: config.rateLimits.notFoundPerMinute, timeWindow: 60_000 }) }, (_request, reply) =>
      reply.code(404).send(errorBody(404, IT.errors.notFound)),
    );
    return app;
  } catch (error) {
    await app.close();
    throw error;
  }
}
