import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodFastifyInstance, ZodTypeProvider } from '../http/zod-type-provider';
import type { Authenticate, Authenticated } from './authenticate';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member; only inside `registerStaffRoutes`, reading it elsewhere throws. */
    readonly staff: Authenticated;
  }
}

// Per-request slot behind the `staff` getter: null until the scope's hook fills it.
const slot = Symbol('incontra.staff');
type WithSlot = FastifyRequest & { [slot]: Authenticated | null };

/**
 * Once, on the root instance, before any route plugin: every request gets the slot (null) and the
 * `staff` getter, so that a handler outside a staff scope fails by name instead of reading undefined.
 */
export function decorateStaffRequest(app: FastifyInstance): void {
  app.decorateRequest(slot, null);
  app.decorateRequest('staff', {
    getter(this: FastifyRequest): Authenticated {
      const staff = (this as WithSlot)[slot];
      if (!staff) throw new Error('request.staff read outside a staff scope (routes registered with registerStaffRoutes)');
      return staff;
    },
  });
}

/**
 * Staff-only routes: an encapsulated context that authenticates (the session of the Host's
 * company, or authenticate's 401) and puts the staff member on `request.staff`. It does so in
 * preValidation, which Fastify runs before the route schemas are checked: a signed-out caller gets
 * 401 whatever its body, and learns nothing of the rules. Routes open to guests or visitors as
 * well stay outside.
 */
export async function registerStaffRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  routes: (staff: ZodFastifyInstance) => Promise<void>,
): Promise<void> {
  await app.register(async (staff) => {
    staff.addHook('preValidation', async (request) => {
      (request as WithSlot)[slot] = await authenticate(request);
    });
    await routes(staff.withTypeProvider<ZodTypeProvider>());
  });
}
