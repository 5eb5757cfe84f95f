import fp from 'fastify-plugin';
import { activityPageSchema, activityQuerySchema } from '@incontra/contracts/api/activity';
import { registerStaffRoutes } from '../auth/staff-scope';
import type { ZodPluginAsync } from '../http/zod-type-provider';
import { listActivity } from './repository';

/** The activity log (read, admins only) and, beside it, the writing of room translations. */
const activityRoutes: ZodPluginAsync<Record<never, never>> = async (app) => {
  await registerStaffRoutes(app, app.authenticate, async (staff) => {
    staff.get('/api/activity', { schema: { querystring: activityQuerySchema, response: { 200: activityPageSchema } } }, async (request) => {
      const companyId = request.staff.company.id;
      return app.db.withTenant(companyId, (tx) => listActivity(tx, companyId, request.query));
    });
  });
};

/** Plugin `activity`: builds its services from the core's decorations and registers its routes. */
export const activityPlugin = fp(activityRoutes, { name: 'activity', dependencies: ['core', 'auth'] });
