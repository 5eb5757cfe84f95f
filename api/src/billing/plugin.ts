import fp from 'fastify-plugin';
import { billingRoutes } from './routes';
import { BillingService } from './service';

/** Plugin `billing`: the company's subscription, for its staff. */
export const billingPlugin = fp(
  async (app) => {
    await app.register(billingRoutes, { billing: new BillingService({ db: app.db }), authenticate: app.authenticate });
  },
  { name: 'billing', dependencies: ['core', 'auth'] },
);
