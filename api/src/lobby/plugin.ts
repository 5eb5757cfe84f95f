import fp from 'fastify-plugin';
import { PubSubLobbyNotifier } from '../lobby-realtime/notifier';
import { runWhileOpen } from '../scheduling/periodic-task';
import type { GuestAdmission } from '../video-room/guest-admission';
import { guestSeatsOf } from './guest-seats';
import type { LobbyAccess, LobbyNotifier } from './lobby-ports';
import { lobbyRoutes } from './routes';
import { JoinRequestService } from './service';
import { LobbySweeper, SWEEP_INTERVAL_MS } from './sweeper';

declare module 'fastify' {
  interface FastifyInstance {
    /** The lobby as the video room (guests at the door) and the lobby socket (queues, visitors) use it. */
    lobby: LobbyAccess & GuestAdmission;
  }
}

export interface LobbyPluginOptions {
  /** Where changes are announced (tests pass theirs); the pub/sub port, to the lobby sockets of every process, otherwise. */
  notifier?: LobbyNotifier;
  /** The sweeper's period; null: no timer (tests sweep by hand). SWEEP_INTERVAL_MS otherwise. */
  sweepIntervalMs?: number | null;
}

/**
 * Plugin `lobby`: visitors' join requests, phone verification (the core's SMS) and the staff's
 * live queue. It asks the rooms whether guests still hold their seats and hears from them of
 * guests gone for good (joined → ended, told once, by the room's owner); owns its sweeper, started
 * when the app is ready and stopped when it closes.
 */
export const lobbyPlugin = fp<LobbyPluginOptions>(
  async (app, { notifier, sweepIntervalMs = SWEEP_INTERVAL_MS }) => {
    const { config, signalling } = app;
    const lobby = new JoinRequestService({
      db: app.db,
      clock: app.clock,
      lobby: config.lobby,
      notifier: notifier ?? new PubSubLobbyNotifier(app),
      verification: app.phoneVerification,
      log: app.log,
      guestSeats: guestSeatsOf(config.video.provider, signalling.rooms, app.log),
    });
    signalling.onMemberGone((room, identity) => lobby.guestGone(room.companyId, identity));
    runWhileOpen(app, new LobbySweeper({ run: () => lobby.sweep(), intervalMs: sweepIntervalMs, log: app.log }));
    app.decorate('lobby', lobby);
    await app.register(lobbyRoutes, { lobby, tenancy: app.tenancy, authenticate: app.authenticate, limits: config.lobby });
  },
  { name: 'lobby', dependencies: ['core', 'sms', 'tenancy', 'auth', 'signalling'] },
);
