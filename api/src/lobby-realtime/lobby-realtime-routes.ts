import type { FastifyPluginAsync } from 'fastify';
import { LOBBY, LOBBY_CLOSE } from '@incontra/contracts/realtime/lobby';
import type { Authenticate } from '../auth/authenticate';
import { HttpError } from '../http/http-error';
import { isSameOrigin } from '../realtime/same-origin';
import { admitAddress, DEFAULT_SOCKET_CAPS } from '../realtime/socket-caps';
import { SlotCounter } from '../realtime/socket-slots';
import { requestHost } from '../tenancy/request-host';
import type { TenancyService } from '../tenancy/service';
import type { LobbyHub } from './lobby-hub';
import { DEFAULT_LOBBY_LIMITS, LobbySession, type LobbyCaps, type LobbyGate, type LobbyLimits } from './lobby-session';
import { StaffSessionWatch } from './staff-session-watch';

export interface LobbyRealtimeRoutesOptions {
  hub: LobbyHub;
  gate: LobbyGate;
  /** Tests shorten the timers; the defaults otherwise. */
  limits?: LobbyLimits;
  /** Sockets allowed at once per address, staff session and visitor (SOCKET_LIMIT_*); the defaults otherwise. */
  caps?: LobbyCaps;
  /** Where this route counts its sockets (one per route otherwise; tests pass theirs to watch it). */
  slots?: SlotCounter;
}

/** Refusals (no session, unknown host) answer null; anything else is a failure to report. */
async function unlessRefused<T>(answer: () => Promise<T>): Promise<T | null> {
  try {
    return await answer();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) return null;
    throw error;
  }
}

/**
 * Staff by their session cookie (company by Host, same origin only), not while their company is
 * open only for billing; visitors' company by Host.
 * A staff socket's session is checked again with the upgrade's own cookie and Host, the same
 * way (the session service's resolve: signed out, expired or deactivated is over); the company
 * by host is cached, so a check costs one session read.
 */
export function createLobbyGate(authenticate: Authenticate, tenancy: TenancyService): LobbyGate {
  return {
    async staff(request) {
      if (!isSameOrigin(request)) return null;
      const signedIn = await unlessRefused(() => authenticate(request));
      // While the company is open only for billing there is no live queue to serve (billing/lockout).
      if (!signedIn || signedIn.company.serviceSuspended) return null;
      const companyId = signedIn.company.id;
      const userId = signedIn.user.id;
      return {
        companyId,
        userId,
        sessionId: signedIn.sessionId,
        stillSignedIn: async () => {
          const again = await unlessRefused(() => authenticate(request));
          return again !== null && again.company.id === companyId && again.user.id === userId && !again.company.serviceSuspended;
        },
      };
    },
    async company(request) {
      const company = await unlessRefused(() => tenancy.requireCompanyByHost(requestHost(request)));
      return company?.id ?? null;
    },
  };
}

/**
 * The lobby socket (staff consoles and waiting visitors). Registered inside `realtimeRoutes`,
 * which holds the server's WebSocket plugin and closes every socket as going away on shutdown.
 * A socket over its address's cap is closed with 4030 at the upgrade, before anything is read.
 */
export const lobbyRealtimeRoutes: FastifyPluginAsync<LobbyRealtimeRoutesOptions> = async (
  app,
  { hub, gate, limits = DEFAULT_LOBBY_LIMITS, caps = DEFAULT_SOCKET_CAPS, slots = new SlotCounter() },
) => {
  const watch = new StaffSessionWatch({ intervalMs: limits.sessionCheckIntervalMs, log: app.log });
  app.addHook('onClose', async () => watch.stop());
  app.get(LOBBY.path, { websocket: true }, (socket, request) => {
    if (!admitAddress(socket, request, slots, caps.perAddress, LOBBY_CLOSE.tooManyConnections)) return;
    new LobbySession({ socket, request, hub, gate, limits, caps, slots, watch, log: request.log });
  });
};
