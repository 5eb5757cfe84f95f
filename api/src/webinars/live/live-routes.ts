import type { FastifyPluginAsync } from 'fastify';
import { WEBINAR_LIVE, WEBINAR_LIVE_CLOSE } from '@incontra/contracts/realtime/webinar-live';
import { admitAddress, DEFAULT_SOCKET_CAPS, type SocketCaps } from '../../realtime/socket-caps';
import { SlotCounter } from '../../realtime/socket-slots';
import { DEFAULT_WEBINAR_LIVE_LIMITS, WebinarLiveSession, type WebinarLiveContext, type WebinarLiveLimits } from './live-session';

export interface WebinarLiveRoutesOptions {
  live: Omit<WebinarLiveContext, 'limits' | 'caps' | 'slots'>;
  /** Tests shorten the timers; the contract's values otherwise. */
  limits?: WebinarLiveLimits;
  caps?: Pick<SocketCaps, 'perAddress' | 'perRoomToken'>;
}

/**
 * The webinars' live socket (WEBINAR_LIVE.path). It needs no cookie: the join credential of
 * `hello` names the company, the webinar, the seat and the role. Registered inside
 * `realtimeRoutes` (the server's one WebSocket registration); capped per address at the upgrade
 * and per credential at hello, as the rooms' signalling is.
 */
export const webinarLiveRoutes: FastifyPluginAsync<WebinarLiveRoutesOptions> = async (
  app,
  { live, limits = DEFAULT_WEBINAR_LIVE_LIMITS, caps = DEFAULT_SOCKET_CAPS },
) => {
  const slots = new SlotCounter();
  app.get(WEBINAR_LIVE.path, { websocket: true }, (socket, request) => {
    if (!admitAddress(socket, request, slots, caps.perAddress, WEBINAR_LIVE_CLOSE.tooManyConnections)) return;
    new WebinarLiveSession(socket, { ...live, limits, caps, slots }, request.log);
  });
};
