import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { IT } from '@incontra/contracts/messages/it';
import { LOBBY } from '@incontra/contracts/realtime/lobby';
import { SIGNALLING } from '@incontra/contracts/realtime/signalling';
import { errorBody } from './http/http-error';
import { lobbyRealtimeRoutes, type LobbyRealtimeRoutesOptions } from './lobby-realtime/lobby-realtime-routes';
import { signallingRoutes, type SignallingRoutesOptions } from './signalling/signalling-routes';

export interface RealtimeRoutesOptions {
  signalling?: SignallingRoutesOptions;
  lobby?: LobbyRealtimeRoutesOptions;
}

const WS_GOING_AWAY = 1001;

/**
 * The server's one WebSocket registration and every socket route inside it. One, because each
 * @fastify/websocket registration routes every upgrade of the server: two would route each
 * upgrade twice. The plugin lives in this scope only, so no other route is wrapped by it.
 * Shutting down, the rooms and the lobby forget their members first (no leave is announced to
 * sockets that close too), then every socket is closed as going away and none opens any more.
 */
export const realtimeRoutes: FastifyPluginAsync<RealtimeRoutesOptions> = async (app, { signalling, lobby }) => {
  const largest = Math.max(signalling?.limits?.maxMessageBytes ?? SIGNALLING.maxMessageBytes, lobby?.limits?.maxMessageBytes ?? LOBBY.maxMessageBytes);
  await app.register(fastifyWebsocket, {
    // Above the routes' own limits: a message between the two is refused with `bad too-large` and
    // the socket stays open; only a flood beyond this makes ws drop the connection.
    options: { maxPayload: largest * 4 },
    async preClose(this: FastifyInstance) {
      await signalling?.rooms.shutdown();
      lobby?.hub.shutdown();
      for (const client of this.websocketServer.clients) client.close(WS_GOING_AWAY);
      // No socket opens from here on (ws answers 503): an upgrade still on its way, on a kept-alive
      // connection, would otherwise open after the others were closed and hold the server's close
      // until it timed out (30 s seen on SIGTERM on a loaded machine).
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
};
