import { activityPageSchema, activityQuerySchema } from '@incontra/contracts/api/activity';
import { registerStaffRoutes } from '../auth/staff-scope';
import type { ZodPluginAsync } from '../http/zod-type-provider';
import type { ManagementDeps } from '../management/deps';
import { translationsRoutes } from '../translations/routes';
import { listActivity } from './repository';

/** The activity log (read, admins only) and, beside it, the writing of room translations. */
export const activityRoutes: ZodPluginAsync<ManagementDeps> = async (app, deps) => {
  await registerStaffRoutes(app, deps.authenticate, async (staff) => {
    staff.get('/api/activity', { schema: { querystring: activityQuerySchema, response: { 200: activityPageSchema } } }, async (request) => {
      const companyId = request.staff.company.id;
      return deps.db.withTenant(companyId, (tx) => listActivity(tx, companyId, request.query));
    });
  });

  await app.register(translationsRoutes, deps);
};
