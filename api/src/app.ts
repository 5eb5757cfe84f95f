import { performance } from 'node:perf_hooks';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { IT } from '@incontra/contracts/messages/it';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { AuthService } from './auth/auth-service';
import { createAuthenticate } from './auth/authenticate';
import { systemClock, type Clock } from './auth/clock';
import { csrfGuard } from './auth/csrf';
import { PasswordResetService } from './auth/password-reset-service';
import { passwordResetRoutes } from './auth/password-reset-routes';
import { SessionService } from './auth/session-service';
import { sessionRoutes } from './auth/session-routes';
import { billingRoutes } from './billing/routes';
import { BillingService } from './billing/service';
import type { AppConfig } from './config/config';
import { Database } from './db/database';
import { DownloadLinks } from './documents/download-links';
import { documentsRoutes } from './documents/routes';
import { DocumentsService } from './documents/service';
import { installErrorHandler } from './errors/error-handler';
import { createLogErrorReporter, type ErrorReporter } from './errors/error-reporter';
import { ErrorReporting } from './errors/error-reporting';
import { errorBody, HttpError } from './http/http-error';
import type { MailTransport } from './mail/mail-transport';
import { Mailer } from './mail/mailer';
import { devOutboxRoutes } from './mail/routes';
import { createSmtpTransport } from './mail/smtp-transport';
import { SignallingHub } from './realtime/signalling-hub';
import { signallingRoutes } from './realtime/signalling-routes';
import { seedDatabase } from './seed/seed';
import { shellRoutes } from './shell/routes';
import { installSecurityHeaders } from './shell/security-headers';
import { ShellTemplate } from './shell/shell-template';
import { registerStaticAssets } from './shell/static-assets';
import { tenancyRoutes } from './tenancy/routes';
import { TenancyService } from './tenancy/service';
import { DiskUploadStore } from './uploads/disk-upload-store';
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
}

const BODY_LIMIT_BYTES = 1024 * 1024;

/** A hop count becomes "trust the nearest N proxies"; other values are Fastify's own. */
function trustProxyOption(value: AppConfig['trustProxy']): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

async function prepareDatabase(app: FastifyInstance, config: AppConfig, overrides: AppOverrides, clock: Clock): Promise<Database> {
  const started = performance.now();
  const db =
    overrides.database ?? (await Database.open(config.database, (error) => app.log.warn({ err: error }, 'idle database connection lost')));
  app.addHook('onClose', () => db.close());
  const opened = performance.now();
  await db.migrate();
  const migrated = performance.now();
  if (config.seed) await seedDatabase(db, clock());
  const ms = (from: number, to: number) => Math.round(to - from);
  app.log.debug(
    { driver: db.driver, openMs: ms(started, opened), migrateMs: ms(opened, migrated), seedMs: ms(migrated, performance.now()) },
    'database ready',
  );
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

    await app.register(fastifyCookie);
    await app.register(fastifyRateLimit, {
      global: false,
      errorResponseBuilder: (request) =>
        new HttpError(429, request.url.startsWith('/api/login') ? IT_BACKOFFICE.tooManyAttempts : IT.errors.tooManyRequests),
    });
    installSecurityHeaders(app, config.remotes);
    installErrorHandler(app, new ErrorReporting(overrides.errorReporter ?? createLogErrorReporter(app.log)));
    app.addHook('onRequest', csrfGuard);

    const transport = overrides.mailTransport !== undefined ? overrides.mailTransport : config.smtpUrl ? createSmtpTransport(config.smtpUrl) : null;
    const mailer = new Mailer(db, transport, config.mailFrom, clock, app.log);
    app.addHook('onClose', () => mailer.close());
    const tenancy = new TenancyService(db, clock);
    const sessions = new SessionService(db, clock);
    const authenticate = createAuthenticate(tenancy, sessions);
    const limits = config.rateLimits;

    await app.register(tenancyRoutes, { tenancy });
    await app.register(sessionRoutes, { auth: new AuthService(db, sessions), tenancy, authenticate, limits });
    await app.register(passwordResetRoutes, { resets: new PasswordResetService(db, sessions, mailer, clock), tenancy, limits });
    await app.register(billingRoutes, { billing: new BillingService(db), authenticate });
    const downloadLinks = new DownloadLinks(config.video.tokenSecret, clock);
    const documents = new DocumentsService(db, new DiskUploadStore(config.uploadsDir), downloadLinks, clock, app.log);
    await app.register(documentsRoutes, { documents, links: downloadLinks, tenancy, authenticate });
    const hub = new SignallingHub(overrides.signallingGraceMs);
    const videoRoom = new VideoRoomService({ db, clock, video: config.video, ...videoProviderAdapters(config.video, clock, hub, app.log) });
    await app.register(signallingRoutes, { hub, authorize: (token, holdsSeat) => videoRoom.authorize(token, holdsSeat) });
    await app.register(videoRoomRoutes, { videoRoom, authenticate });
    if (config.outboxView) await app.register(devOutboxRoutes, { mailer, tenancy });

    await registerStaticAssets(app, config.staticRoot);
    await app.register(shellRoutes, { tenancy, template: new ShellTemplate(config.staticRoot), remotes: config.remotes });
    // Rate-limited, so that nobody maps the API by guessing paths quickly.
    app.setNotFoundHandler(
      { preHandler: app.rateLimit({ max: config.rateLimits.notFoundPerMinute, timeWindow: 60_000 }) },
      (_request, reply) => reply.code(404).send(errorBody(404, IT.errors.notFound)),
    );
    return app;
  } catch (error) {
    await app.close();
    throw error;
  }
}
