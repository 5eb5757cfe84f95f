import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodFastifyInstance, ZodTypeProvider } from '../http/zod-type-provider';
import { IT_LOCKOUT } from '@incontra/contracts/messages/it-lockout';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { HttpError } from '../http/http-error';
import type { Authenticate, StaffContext } from './authenticate';
import { OPEN_WHEN_BILLING_ONLY, ROUTE_PERMISSIONS, roleMay, routeKey, type RouteAccess } from './route-permissions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member's context; only inside `registerStaffRoutes`, reading it elsewhere throws. */
    readonly staff: StaffContext;
  }
}

// Per-request slot behind the `staff` getter: null until the scope's hook fills it.
const slot = Symbol('incontra.staff');
type WithSlot = FastifyRequest & { [slot]: StaffContext | null };

/**
 * Once, on the root instance, before any route plugin: every request gets the slot (null) and the
 * `staff` getter, so that a handler outside a staff scope fails by name instead of reading undefined.
 */
export function decorateStaffRequest(app: FastifyInstance): void {
  app.decorateRequest(slot, null);
  app.decorateRequest('staff', {
    getter(this: FastifyRequest): StaffContext {
      const staff = (this as WithSlot)[slot];
      if (!staff) throw new Error('request.staff read outside a staff scope (routes registered with registerStaffRoutes)');
      return staff;
    },
  });
}

/** 403 with the reason, for a staff member whose role may not make the call. */
export function forbidden(): HttpError {
  return new HttpError(403, IT_MANAGEMENT.forbidden);
}

/**
 * 403 for a call the billing-only lockout closes (the company's `serviceSuspended`), unless the
 * route is open then for the staff member's role (OPEN_WHEN_BILLING_ONLY). Admins are sent to the
 * subscription; operators, who cannot renew, to an admin.
 */
function checkLockout(staff: StaffContext, key: string, open: Readonly<Record<string, RouteAccess>>): void {
  if (!staff.company.serviceSuspended) return;
  const access = open[key];
  if (access && roleMay(staff.user.role, access)) return;
  throw lockedOut(staff);
}

function lockedOut(staff: StaffContext): HttpError {
  return new HttpError(403, roleMay(staff.user.role, 'manageSubscription') ? IT_LOCKOUT.staffRefused : IT_LOCKOUT.operatorRefused);
}

/**
 * The lockout for a staff member who signed in outside a staff scope (the routes open to guests
 * too: a room's join, a document's upload and download): while the company is open only for
 * billing, 403 with the same notice as the staff routes. None of them is open then.
 */
export function refuseWhileBillingOnly(staff: StaffContext): StaffContext {
  if (staff.company.serviceSuspended) throw lockedOut(staff);
  return staff;
}

/**
 * Staff-only routes: an encapsulated context that authenticates (the session of the Host's
 * company, or authenticate's 401), checks the role against the route's line in ROUTE_PERMISSIONS
 * (403) and puts the staff member's context on `request.staff`. It does so in preValidation, which Fastify
 * runs before the route schemas are checked: a signed-out caller gets 401 and a refused role 403
 * whatever the body, and neither learns anything of the rules. A route missing from the table
 * stops the app at start. Routes open to guests or visitors as well stay outside. While the
 * company is open only for billing (its cached `serviceSuspended`, billing/lockout), only the
 * routes of OPEN_WHEN_BILLING_ONLY answer; the others 403 after the role's check.
 */
export async function registerStaffRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  routes: (staff: ZodFastifyInstance) => Promise<void>,
  table: Readonly<Record<string, RouteAccess>> = ROUTE_PERMISSIONS,
  openWhenBillingOnly: Readonly<Record<string, RouteAccess>> = OPEN_WHEN_BILLING_ONLY,
): Promise<void> {
  const accessOf = (method: string, url: string): RouteAccess | undefined => table[routeKey(method, url)];
  await app.register(async (staff) => {
    staff.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD') continue;
        if (!accessOf(method, route.url)) throw new Error(`${routeKey(method, route.url)} is a staff route missing from ROUTE_PERMISSIONS`);
      }
    });
    staff.addHook('preValidation', async (request) => {
      const staffMember = await authenticate(request);
      const key = routeKey(request.method === 'HEAD' ? 'GET' : request.method, request.routeOptions.url ?? '');
      const access = table[key];
      if (!access || !roleMay(staffMember.user.role, access)) throw forbidden();
      checkLockout(staffMember, key, openWhenBillingOnly);
      (request as WithSlot)[slot] = staffMember;
    });
    await routes(staff.withTypeProvider<ZodTypeProvider>());
  });
}
