import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { IT } from '@incontra/contracts/messages/it';
import { LOBBY } from '@incontra/contracts/realtime/lobby';
import { SIGNALLING } from '@incontra/contracts/realtime/signalling';
import { WEBINAR_LIVE } from '@incontra/contracts/realtime/webinar-live';
import { errorBody } from './http/http-error';
import { LobbyHub } from './lobby-realtime/lobby-hub';
import { createLobbyGate, lobbyRealtimeRoutes, type LobbyRealtimeRoutesOptions } from './lobby-realtime/lobby-realtime-routes';
import type { LobbyLimits } from './lobby-realtime/lobby-session';
import type { WebinarLiveLimits } from './webinars/live/live-session';
import { signallingRoutes, type SignallingRoutesOptions } from './signalling/signalling-routes';
import { webinarLiveRoutes, type WebinarLiveRoutesOptions } from './webinars/live/live-routes';

export interface RealtimeRoutesOptions {
  signalling?: SignallingRoutesOptions;
  lobby?: LobbyRealtimeRoutesOptions;
  webinar?: WebinarLiveRoutesOptions;
}

const WS_GOING_AWAY = 1001;

/**
 * The answer to an upgrade that arrives once the server is stopping: 503, and the connection
 * ended by us. Routed through Fastify instead, it would get Fastify's stopping 503 on a response
 * that nobody ends: the browser half-closes, the socket stays, and the server's close (a deploy's
 * SIGTERM) waits for it for ever.
 */
function refuseUpgrade(_request: IncomingMessage, socket: Duplex): void {
  socket.on('error', () => socket.destroy());
  socket.once('finish', () => socket.destroy());
  socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
}

/**
 * The server's one WebSocket registration and every socket route inside it. One, because each
 * @fastify/websocket registration routes every upgrade of the server: two would route each
 * upgrade twice. The plugin lives in this scope only, so no other route is wrapped by it.
 * Shutting down, upgrades are refused from the first moment (before anything is awaited), the
 * rooms and the lobby forget their members (no leave is announced to sockets that close too), then
 * every socket is closed as going away.
 */
export const realtimeRoutes: FastifyPluginAsync<RealtimeRoutesOptions> = async (app, { signalling, lobby, webinar }) => {
  const largest = Math.max(
    signalling?.limits?.maxMessageBytes ?? SIGNALLING.maxMessageBytes,
    lobby?.limits?.maxMessageBytes ?? LOBBY.maxMessageBytes,
    webinar?.limits?.maxMessageBytes ?? WEBINAR_LIVE.maxMessageBytes,
  );
  await app.register(fastifyWebsocket, {
    // Above the routes' own limits: a message between the two is refused with `bad too-large` and
    // the socket stays open; only a flood beyond this makes ws drop the connection.
    options: { maxPayload: largest * 4 },
    async preClose(this: FastifyInstance) {
      // The plugin's own preClose, which this one replaces, stopped routing upgrades too.
      this.server.removeAllListeners('upgrade');
      this.server.on('upgrade', refuseUpgrade);
      await signalling?.rooms.shutdown();
      lobby?.hub.shutdown();
      webinar?.live.hub.shutdown();
      for (const client of this.websocketServer.clients) client.close(WS_GOING_AWAY);
      // An upgrade routed before the stop and still in its hooks is refused by ws (503, connection
      // ended): opened after the others were closed, it would hold the server's close (30 s seen).
      this.websocketServer.close();
    },
  });
  // A plain GET on a socket path is told what it should have sent, in the API's error body
  // (the plugin's own answer was an empty 404).
  app.addHook('onRequest', (request, reply, done) => {
    if (request.ws) return done();
    reply.code(426).header('upgrade', 'websocket').send(errorBody(426, IT.errors.websocketOnly));
  });
  if (signalling) await app.register(signallingRoutes, signalling);
  if (lobby) await app.register(lobbyRealtimeRoutes, lobby);
  if (webinar) await app.register(webinarLiveRoutes, webinar);
};

export interface RealtimePluginOptions {
  /** The lobby socket's timers (tests shorten the staff session check); the contract's otherwise. */
  lobbyLimits?: LobbyLimits;
  /** The webinars' live socket's timers (tests shorten them); the contract's otherwise. */
  webinarLiveLimits?: WebinarLiveLimits;
}

/**
 * Plugin `realtime`: the sockets of the rooms' signalling (a room token's hello, checked by the
 * video room) and of the lobby (staff by session, visitors by their company's host), capped per
 * address as SOCKET_LIMIT_* say.
 */
export const realtimePlugin = fp<RealtimePluginOptions>(
  async (app, { lobbyLimits, webinarLiveLimits }) => {
    const { config, roomTokens } = app;
    await app.register(realtimeRoutes, {
      signalling: { rooms: app.signalling.rooms, authorize: (token, holdsSeat) => roomTokens.authorize(token, holdsSeat), caps: config.sockets },
      lobby: {
        hub: new LobbyHub({ pubsub: app.pubsub, access: app.lobby, log: app.log }),
        gate: createLobbyGate(app.authenticate, app.tenancy),
        limits: lobbyLimits,
        caps: config.sockets,
      },
      webinar: { live: app.webinarLive, limits: webinarLiveLimits, caps: config.sockets },
    });
  },
  { name: 'realtime', dependencies: ['core', 'tenancy', 'auth', 'signalling', 'lobby', 'video-room', 'webinars'] },
);
