import type { FastifyPluginAsync } from 'fastify';
import { SIGNALLING } from '@incontra/contracts/realtime/signalling';
import type { SignallingRooms } from './cluster-signalling';
import type { AuthorizeRoomToken } from './room-access';
import { DEFAULT_SIGNALLING_LIMITS, SignallingSession, type SignallingLimits } from './signalling-session';

export interface SignallingRoutesOptions {
  rooms: SignallingRooms;
  authorize: AuthorizeRoomToken;
  /** Tests shorten the timers; the contract's values otherwise. */
  limits?: SignallingLimits;
}

/**
 * The local engine's signalling socket. It needs no cookie: the room token of `hello` names the
 * company, the room and the participant. Registered inside `realtimeRoutes`, which holds the
 * server's WebSocket plugin and shuts the rooms down before the sockets close.
 */
export const signallingRoutes: FastifyPluginAsync<SignallingRoutesOptions> = async (app, { rooms, authorize, limits = DEFAULT_SIGNALLING_LIMITS }) => {
  app.get(SIGNALLING.path, { websocket: true }, (socket, request) => {
    new SignallingSession(socket, { rooms, authorize, limits, log: request.log });
  });
};
