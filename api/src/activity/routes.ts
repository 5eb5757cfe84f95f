import fp from 'fastify-plugin';
import { activityPageSchema, activityQuerySchema, activityRetentionInputSchema, activityRetentionSchema } from '@incontra/contracts/api/activity';
import { registerStaffRoutes } from '../auth/staff-scope';
import type { ZodPluginAsync } from '../http/zod-type-provider';
import { runWhileOpen } from '../scheduling/periodic-task';
import { listActivity } from './repository';
import { ACTIVITY_RETENTION_SWEEP_INTERVAL_MS, ActivityRetentionService, ActivityRetentionSweeper, sweepExpiredActivity } from './retention';

export interface ActivityPluginOptions {
  /** The retention sweep's period (ACTIVITY_RETENTION_SWEEP_INTERVAL_MS by default); null: no timer (tests sweep by hand). */
  retentionSweepIntervalMs?: number | null;
}

/** The activity log (read, admins only) and its retention setting. */
const activityRoutes: ZodPluginAsync<ActivityPluginOptions> = async (app, { retentionSweepIntervalMs = ACTIVITY_RETENTION_SWEEP_INTERVAL_MS }) => {
  const { db, clock } = app;
  const retention = new ActivityRetentionService({ db, clock });
  runWhileOpen(app, new ActivityRetentionSweeper({ run: () => sweepExpiredActivity({ db, clock }), intervalMs: retentionSweepIntervalMs, log: app.log }));

  await registerStaffRoutes(app, app.authenticate, async (staff) => {
    staff.get('/api/activity', { schema: { querystring: activityQuerySchema, response: { 200: activityPageSchema } } }, async (request) => {
      const companyId = request.staff.company.id;
      return app.db.withTenant(companyId, (tx) => listActivity(tx, companyId, request.query));
    });

    staff.get('/api/activity/retention', { schema: { response: { 200: activityRetentionSchema } } }, async (request) =>
      retention.read(request.staff.company.id),
    );

    staff.put('/api/activity/retention', { schema: { body: activityRetentionInputSchema, response: { 200: activityRetentionSchema } } }, async (request) =>
      retention.change(request.staff, request.body.retentionDays),
    );
  });
};

/**
 * Plugin `activity`: the log's routes and its retention, built from the core's decorations; owns
 * the retention sweep (onReady start, onClose stop).
 */
export const activityPlugin = fp(activityRoutes, { name: 'activity', dependencies: ['core', 'auth'] });
