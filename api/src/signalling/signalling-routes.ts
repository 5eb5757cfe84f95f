import type { FastifyPluginAsync } from 'fastify';
import { SIGNALLING, SIGNALLING_CLOSE } from '@incontra/contracts/realtime/signalling';
import type { SignallingRooms } from './cluster-signalling';
import type { AuthorizeRoomToken } from './room-access';
import { DEFAULT_SIGNALLING_LIMITS, SignallingSession, type SignallingCaps, type SignallingLimits } from './signalling-session';
import { admitAddress, DEFAULT_SOCKET_CAPS } from '../realtime/socket-caps';
import { SlotCounter } from '../realtime/socket-slots';

export interface SignallingRoutesOptions {
  rooms: SignallingRooms;
  authorize: AuthorizeRoomToken;
  /** Tests shorten the timers; the contract's values otherwise. */
  limits?: SignallingLimits;
  /** Sockets allowed at once per address and per room token (SOCKET_LIMIT_*); the defaults otherwise. */
  caps?: SignallingCaps;
  /** Where this route counts its sockets (one per route otherwise; tests pass theirs to watch it). */
  slots?: SlotCounter;
}

/**
 * The local engine's signalling socket. It needs no cookie: the room token of `hello` names the
 * company, the room and the participant. Registered inside `realtimeRoutes`, which holds the
 * server's WebSocket plugin and shuts the rooms down before the sockets close. A socket over its
 * address's cap is closed with 4030 at the upgrade, before anything is read.
 */
export const signallingRoutes: FastifyPluginAsync<SignallingRoutesOptions> = async (
  app,
  { rooms, authorize, limits = DEFAULT_SIGNALLING_LIMITS, caps = DEFAULT_SOCKET_CAPS, slots = new SlotCounter() },
) => {
  app.get(SIGNALLING.path, { websocket: true }, (socket, request) => {
    if (!admitAddress(socket, request, slots, caps.perAddress, SIGNALLING_CLOSE.tooManyConnections)) return;
    new SignallingSession({ socket, rooms, authorize, limits, caps, slots, log: request.log });
  });
};
