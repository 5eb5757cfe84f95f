import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { RequestClient } from 'twilio';
import { runWhileOpen, PeriodicTask } from '../scheduling/periodic-task';
import { JanusRooms } from './janus/janus-rooms';
import type { JoinSettings } from './join';
import { WebinarLiveHub, type LiveNews } from './live/live-hub';
import type { WebinarLiveRoutesOptions } from './live/live-routes';
import { JanusWebinarMedia } from './media';
import { TwilioWebinarMedia } from './twilio/twilio-webinar-media';
import { TwilioWebinarRooms } from './twilio/twilio-webinar-rooms';
import type { WebinarMedia } from './webinar-media';
import type { AppConfig } from '../config/config';
import { RegistrationService } from './registrations';
import { sendCancellationNotices, sweepWebinars, WEBINAR_SWEEP_INTERVAL_MS } from './reminders';
import { ReplayService } from './replay/replay-service';
import { REPLAY_SWEEP_INTERVAL_MS, sweepReplays } from './replay/replay-sweep';
import { webinarRoutes } from './routes';
import { WebinarService } from './service';

export interface WebinarsPluginOptions {
  /** The reminders' and cancellation notices' sweep period; null: no timer (tests sweep by hand). WEBINAR_SWEEP_INTERVAL_MS otherwise. */
  sweepIntervalMs?: number | null;
  /** The live seats' refresh and viewer count period (WEBINAR_LIVE.tallyIntervalMs otherwise). */
  liveTallyMs?: number;
  /** The replays' sweep period; null: no timer (tests make replays by hand). REPLAY_SWEEP_INTERVAL_MS otherwise. */
  replaySweepIntervalMs?: number | null;
  /** Twilio's HTTP layer for the group rooms (tests answer in its place). */
  twilioHttpClient?: RequestClient;
}

/** The live session's socket as the realtime plugin serves it (live/live-routes.ts). */
export type WebinarLive = WebinarLiveRoutesOptions['live'];

declare module 'fastify' {
  interface FastifyInstance {
    webinarLive: WebinarLive;
  }
}

/**
 * Plugin `webinars`: the webinars' lifecycle, registrations and joins, built from the core's
 * decorations; owns the sweep of reminders and cancellation notices (every process sweeps; each
 * e-mail is claimed once, see reminders.ts), the replays' sweep with Janus' recordings folder
 * (replay/: each replay made once, see replay-sweep.ts) and the live sessions' hub (live/). The media engine:
 * Janus VideoRoom with JANUS_*, otherwise the video rooms' (VIDEO_PROVIDER: the built-in mesh, or
 * Twilio group rooms). It decorates `webinarLive`, the live socket's context, which the realtime plugin serves
 * beside the other sockets (one WebSocket registration per server); no other domain calls it.
 */
/** Janus with JANUS_*; Twilio group rooms with VIDEO_PROVIDER=twilio; otherwise none (the built-in mesh). */
function webinarMediaFor(config: AppConfig, log: FastifyBaseLogger, twilioHttpClient?: RequestClient): WebinarMedia | null {
  if (config.janus) return new JanusWebinarMedia(new JanusRooms(config.janus), config.janus.publicUrl, log, config.janus.recordings?.folder ?? null);
  if (config.video.provider === 'twilio' && config.video.twilio) {
    return new TwilioWebinarMedia(new TwilioWebinarRooms(config.video.twilio, twilioHttpClient), config.video.twilio, config.video.tokenTtlSeconds, log);
  }
  return null;
}

type LiveStatus = Extract<LiveNews, { kind: 'status' }>['status'];

export const webinarsPlugin = fp<WebinarsPluginOptions>(
  async (app, { sweepIntervalMs = WEBINAR_SWEEP_INTERVAL_MS, liveTallyMs, replaySweepIntervalMs = REPLAY_SWEEP_INTERVAL_MS, twilioHttpClient }) => {
    const { db, mailer, clock, config, pubsub } = app;
    const hub = new WebinarLiveHub({ db, clock, pubsub, log: app.log, tallyIntervalMs: liveTallyMs });
    app.addHook('onClose', async () => hub.shutdown());
    // Janus when JANUS_* are set; otherwise the video rooms' engine (the built-in mesh, or Twilio).
    const media = webinarMediaFor(config, app.log, twilioHttpClient);
    const join: JoinSettings = {
      engine: config.janus ? 'janus' : config.video.provider,
      tokenSecret: config.video.tokenSecret,
      tokenTtlSeconds: config.video.tokenTtlSeconds,
      ice: { urls: config.video.iceUrls, turnSecret: config.video.turnSecret, turnTtlSeconds: config.video.turnTtlSeconds },
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
        announceStatus: (webinar) =>
          hub.announce({ companyId: webinar.companyId, webinarId: webinar.id }, { kind: 'status', status: webinar.status as LiveStatus }),
      }),
      registrations: new RegistrationService({ db, clock, mailer, join, media }),
      replays: new ReplayService({ db, clock, uploads: app.uploads, tokenSecret: join.tokenSecret, recordable: media?.recordable ?? false }),
      authenticate: app.authenticate,
      tenancy: app.tenancy,
      limits: config.rateLimits,
      publicUrl: config.publicUrl,
    });
    app.decorate('webinarLive', { hub, db, clock, tokenSecret: join.tokenSecret, engine: join.engine, media });
    runWhileOpen(
      app,
      new PeriodicTask({ run: () => sweepWebinars(sweepDeps), intervalMs: sweepIntervalMs, log: app.log, failure: 'webinar sweep failed', runAtStart: true }),
    );
    // Replays are made where the recordings are: only with Janus' recordings folder.
    const recordings = config.janus?.recordings ?? null;
    if (recordings) {
      const replayDeps = { db, clock, uploads: app.uploads, tools: recordings, log: app.log };
      runWhileOpen(
        app,
        new PeriodicTask({
          run: () => sweepReplays(replayDeps),
          intervalMs: replaySweepIntervalMs,
          log: app.log,
          failure: 'webinar replay sweep failed',
          runAtStart: true,
        }),
      );
    }
  },
  { name: 'webinars', dependencies: ['core', 'mail', 'tenancy', 'auth'] },
);
