import fastifyWebsocket from '@fastify/websocket';
import type { FastifyPluginAsync } from 'fastify';
import { SIGNALLING } from '@incontra/contracts/realtime/signalling';
import type { AuthorizeRoomToken } from './room-access';
import type { SignallingHub } from './signalling-hub';
import { DEFAULT_SIGNALLING_LIMITS, SignallingSession, type SignallingLimits } from './signalling-session';

export interface SignallingRoutesOptions {
  hub: SignallingHub;
  authorize: AuthorizeRoomToken;
  /** Tests shorten the timers; the contract's values otherwise. */
  limits?: SignallingLimits;
}

const WS_GOING_AWAY = 1001;

/**
 * The local engine's signalling socket. It needs no cookie: the room token of `hello` names the
 * company, the room and the participant. The WebSocket plugin lives in this plugin's scope
 * only, so no other route is wrapped by it.
 */
export const signallingRoutes: FastifyPluginAsync<SignallingRoutesOptions> = async (app, { hub, authorize, limits = DEFAULT_SIGNALLING_LIMITS }) => {
  await app.register(fastifyWebsocket, {
    // Above our own limit: a message between the two is refused with `bad too-large` and the
    // socket stays open; only a flood beyond this makes ws drop the connection.
    options: { maxPayload: limits.maxMessageBytes * 4 },
    preClose(done) {
      hub.shutdown();
      for (const client of this.websocketServer.clients) client.close(WS_GOING_AWAY);
      done();
    },
  });

  app.get(SIGNALLING.path, { websocket: true }, (socket, request) => {
    new SignallingSession(socket, { hub, authorize, limits, log: request.log });
  });
};
