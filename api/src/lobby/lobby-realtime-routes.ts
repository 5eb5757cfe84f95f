import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { LOBBY } from '@incontra/contracts/realtime/lobby';
import type { Authenticate } from '../auth/authenticate';
import { HttpError } from '../http/http-error';
import { hostFromOrigin } from '../tenancy/host';
import { requestHost } from '../tenancy/request-host';
import type { TenancyService } from '../tenancy/service';
import type { LobbyHub } from './lobby-hub';
import { DEFAULT_LOBBY_LIMITS, LobbySession, type LobbyGate, type LobbyLimits } from './lobby-session';
import { StaffSessionWatch } from './staff-session-watch';

export interface LobbyRealtimeRoutesOptions {
  hub: LobbyHub;
  gate: LobbyGate;
  /** Tests shorten the timers; the defaults otherwise. */
  limits?: LobbyLimits;
}

/**
 * Whether the upgrade comes from a page of the host it was sent to. Browsers send Origin with
 * every WebSocket and cookies go along whatever the page: without this check any site could
 * open a signed-in staff member's queue in their browser (cross-site WebSocket hijacking).
 */
export function isSameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  const host = requestHost(request);
  return typeof origin === 'string' && host !== null && hostFromOrigin(origin) === host;
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
 * Staff by their session cookie (company by Host, same origin only); visitors' company by Host.
 * A staff socket's session is checked again with the upgrade's own cookie and Host, the same
 * way (the session service's resolve: signed out, expired or deactivated is over); the company
 * by host is cached, so a check costs one session read.
 */
export function createLobbyGate(authenticate: Authenticate, tenancy: TenancyService): LobbyGate {
  return {
    async staff(request) {
      if (!isSameOrigin(request)) return null;
      const signedIn = await unlessRefused(() => authenticate(request));
      if (!signedIn) return null;
      const companyId = signedIn.company.id;
      const userId = signedIn.session.user.id;
      return {
        companyId,
        userId,
        stillSignedIn: async () => {
          const again = await unlessRefused(() => authenticate(request));
          return again !== null && again.company.id === companyId && again.session.user.id === userId;
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
 */
export const lobbyRealtimeRoutes: FastifyPluginAsync<LobbyRealtimeRoutesOptions> = async (app, { hub, gate, limits = DEFAULT_LOBBY_LIMITS }) => {
  const watch = new StaffSessionWatch(limits.sessionCheckIntervalMs, app.log);
  app.addHook('onClose', async () => watch.stop());
  app.get(LOBBY.path, { websocket: true }, (socket, request) => {
    new LobbySession(socket, request, { hub, gate, limits, watch, log: request.log });
  });
};
