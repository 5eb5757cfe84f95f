import type { FastifyPluginAsync } from 'fastify';
import type { Subscription } from '@incontra/contracts/api/subscription';
import type { Authenticate } from '../auth/authenticate';
import { registerStaffRoutes } from '../auth/staff-scope';
import type { BillingService } from './service';

export interface BillingRoutesOptions {
  billing: BillingService;
  authenticate: Authenticate;
}

export const billingRoutes: FastifyPluginAsync<BillingRoutesOptions> = async (app, { billing, authenticate }) => {
  await registerStaffRoutes(app, authenticate, async (staff) => {
    staff.get('/api/subscription', async (request): Promise<Subscription> => billing.subscription(request.staff.company.id));
  });
};
