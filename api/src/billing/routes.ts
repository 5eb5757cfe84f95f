import { subscriptionSchema } from '@incontra/contracts/api/subscription';
import type { Authenticate } from '../auth/authenticate';
import { registerStaffRoutes } from '../auth/staff-scope';
import type { ZodPluginAsync } from '../http/zod-type-provider';
import type { BillingService } from './service';

export interface BillingRoutesOptions {
  billing: BillingService;
  authenticate: Authenticate;
}

export const billingRoutes: ZodPluginAsync<BillingRoutesOptions> = async (app, { billing, authenticate }) => {
  await registerStaffRoutes(app, authenticate, async (staff) => {
    staff.get('/api/subscription', { schema: { response: { 200: subscriptionSchema } } }, async (request) => billing.subscription(request.staff.company.id));
  });
};
