import fp from 'fastify-plugin';
import { runWhileOpen, PeriodicTask } from '../scheduling/periodic-task';
import { JanusRooms } from './janus/janus-rooms';
import type { JoinSettings } from './join';
import { JanusWebinarMedia } from './media';
import { RegistrationService } from './registrations';
import { sendCancellationNotices, sweepWebinars, WEBINAR_SWEEP_INTERVAL_MS } from './reminders';
import { webinarRoutes } from './routes';
import { WebinarService } from './service';

export interface WebinarsPluginOptions {
  /** The reminders' and cancellation notices' sweep period; null: no timer (tests sweep by hand). WEBINAR_SWEEP_INTERVAL_MS otherwise. */
  sweepIntervalMs?: number | null;
}

/**
 * Plugin `webinars`: the webinars' lifecycle, registrations and joins, built from the core's
 * decorations; owns the sweep of reminders and cancellation notices (every process sweeps; each
 * e-mail is claimed once, see reminders.ts). The media engine: Janus VideoRoom with JANUS_*,
 * otherwise the video rooms' (VIDEO_PROVIDER: the built-in mesh, or Twilio). It decorates nothing:
 * no other domain calls it.
 */
export const webinarsPlugin = fp<WebinarsPluginOptions>(
  async (app, { sweepIntervalMs = WEBINAR_SWEEP_INTERVAL_MS }) => {
    const { db, mailer, clock, config } = app;
    // Janus when JANUS_* are set; otherwise the video rooms' engine (the built-in mesh, or Twilio).
    const media = config.janus ? new JanusWebinarMedia(new JanusRooms(config.janus), config.janus.publicUrl, app.log) : null;
    const join: JoinSettings = {
      engine: media ? 'janus' : config.video.provider,
      tokenSecret: config.video.tokenSecret,
      tokenTtlSeconds: config.video.tokenTtlSeconds,
    };
    const sweepDeps = { db, mailer, clock };
    await app.register(webinarRoutes, {
      webinars: new WebinarService({
        db,
        clock,
        mailer,
        engine: join.engine,
        join,
        media,
        sendCancellationNotices: (companyId) => sendCancellationNotices(sweepDeps, companyId),
      }),
      registrations: new RegistrationService({ db, clock, mailer, join, media }),
      authenticate: app.authenticate,
      tenancy: app.tenancy,
      limits: config.rateLimits,
      publicUrl: config.publicUrl,
    });
    runWhileOpen(
      app,
      new PeriodicTask({ run: () => sweepWebinars(sweepDeps), intervalMs: sweepIntervalMs, log: app.log, failure: 'webinar sweep failed', runAtStart: true }),
    );
  },
  { name: 'webinars', dependencies: ['core', 'mail', 'tenancy', 'auth'] },
);
