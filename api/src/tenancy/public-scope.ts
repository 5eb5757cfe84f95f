import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PublicCompany } from '@incontra/contracts/api/company';
import { IT_LOCKOUT } from '@incontra/contracts/messages/it-lockout';
import { HttpError } from '../http/http-error';
import type { ZodFastifyInstance, ZodTypeProvider } from '../http/zod-type-provider';
import { originOrRequestHost, requestHost } from './request-host';
import type { TenancyService } from './service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The company of the request's host; only inside `registerPublicRoutes`, reading it elsewhere throws. */
    readonly company: PublicCompany;
  }
}

// Per-request slot behind the `company` getter: null until the scope's hook fills it.
const slot = Symbol('incontra.company');
type WithSlot = FastifyRequest & { [slot]: PublicCompany | null };

/**
 * The visitors' live and booking actions, closed while the company's service is suspended (its
 * subscription ended: billing/lockout, `serviceSuspended`): 403 with a polite notice. What a
 * customer holds already stays open: their join request's state and cancellation, their
 * reservation's page, calendar file and cancellation, an invitation's view.
 */
export const CLOSED_WHEN_SUSPENDED: ReadonlySet<string> = new Set([
  'POST /api/video-room/:store/send-join-request',
  'POST /api/video-room/invitation/send-join-request',
  'POST /api/video-room/reservation/:id/send-join-request',
  // An SMS is a cost of the company's: none for a request made before the suspension either.
  'POST /api/video-room/join-request/:id/send-verification-code',
  'GET /api/config/store/:id/slots',
  'POST /api/reservations',
  'POST /api/reservations/confirm',
  'POST /api/reservations/:id/move',
  // Webinars: a new registration and a viewer's way into the live session (the registration's page,
  // calendar file and cancellation stay open).
  'POST /api/webinar/:id/reservation',
  'GET /api/webinar-reservation/:id/join',
]);

/**
 * The lockout for a guest's call outside CLOSED_WHEN_SUSPENDED, whose route serves staff too (a
 * room's join, a chat file's upload): 403 with the visitors' notice while the service is suspended.
 */
export function refuseGuestWhileSuspended<Company extends { serviceSuspended?: boolean }>(company: Company): Company {
  if (company.serviceSuspended) throw new HttpError(403, IT_LOCKOUT.visitorRefused);
  return company;
}

export interface PublicScopeOptions {
  /** /api/config/* and the public reads: the x-origin header names the company's site when present (else the Host). */
  origin?: boolean;
}

/**
 * Routes that anyone on a company's host may call (visitors, customers, sign-in): an encapsulated
 * context whose preHandler resolves the host's company once and puts it on `request.company`, or
 * answers 404 (companyNotFound) for a host of no company. It runs after the route's schemas and
 * its own preValidation (a visitor's missing token is 401 first, a bad body 400), as the handlers'
 * own lookups did. While the company's service is suspended the routes of CLOSED_WHEN_SUSPENDED
 * answer 403. Staff routes have the company on `request.staff.company` instead.
 */
export async function registerPublicRoutes(
  app: FastifyInstance,
  tenancy: TenancyService,
  routes: (scope: ZodFastifyInstance) => Promise<void>,
  options: PublicScopeOptions = {},
): Promise<void> {
  const hostOf = options.origin ? originOrRequestHost : requestHost;
  await app.register(async (scope) => {
    scope.decorateRequest(slot, null);
    scope.decorateRequest('company', {
      getter(this: FastifyRequest): PublicCompany {
        const company = (this as WithSlot)[slot];
        if (!company) throw new Error('request.company read before the public scope resolved it (routes registered with registerPublicRoutes)');
        return company;
      },
    });
    scope.addHook('preHandler', async (request) => {
      const company = await tenancy.requireCompanyByHost(hostOf(request));
      if (company.serviceSuspended && CLOSED_WHEN_SUSPENDED.has(`${request.method} ${request.routeOptions.url ?? ''}`)) {
        throw new HttpError(403, IT_LOCKOUT.visitorRefused);
      }
      (request as WithSlot)[slot] = company;
    });
    await routes(scope.withTypeProvider<ZodTypeProvider>());
  });
}
