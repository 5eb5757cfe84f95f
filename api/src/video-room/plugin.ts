import fp from 'fastify-plugin';
import { videoRoomRoutes } from './routes';
import { VideoRoomService, type StaffRoomEntries } from './service';
import { videoProviderAdapters } from './video-provider';

declare module 'fastify' {
  interface FastifyInstance {
    /** A staff member's entries ended when what they were given is taken back (users, sessions). */
    roomEntries: StaffRoomEntries;
    /** Whether a room token still opens its room (the signalling's hello, a guest's chat upload). */
    roomTokens: Pick<VideoRoomService, 'authorize'>;
  }
}

/**
 * Plugin `video-room`: who enters a room (staff, and the lobby's approved guests) with which
 * token and ICE servers, and who is put out. Ending a user's sessions (a new password, a reset,
 * deactivation) ends their room entries too.
 */
export const videoRoomPlugin = fp(
  async (app) => {
    const { db, clock, config } = app;
    const videoRoom = new VideoRoomService({
      db,
      clock,
      video: config.video,
      ...videoProviderAdapters(config.video, clock, app.signalling.rooms, app.log),
      guests: app.lobby,
      log: app.log,
    });
    app.sessions.connectRoomEntries(videoRoom);
    app.decorate('roomEntries', videoRoom);
    app.decorate('roomTokens', videoRoom);
    await app.register(videoRoomRoutes, {
      videoRoom,
      authenticate: app.authenticate,
      tenancy: app.tenancy,
      guestJoinsPerMinute: config.lobby.visitorCallsPerMinute,
    });
  },
  { name: 'video-room', dependencies: ['core', 'tenancy', 'auth', 'signalling', 'lobby'] },
);
