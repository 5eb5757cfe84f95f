import type { FastifyPluginAsync } from 'fastify';
import type { Subscription } from '@incontra/contracts/api/subscription';
import type { Authenticate } from '../auth/authenticate';
import type { BillingService } from './service';

export interface BillingRoutesOptions {
  billing: BillingService;
  authenticate: Authenticate;
}

export const billingRoutes: FastifyPluginAsync<BillingRoutesOptions> = async (app, { billing, authenticate }) => {
  app.get('/api/subscription', async (request): Promise<Subscription> => {
    const { company } = await authenticate(request);
    return billing.subscription(company.id);
  });
};
