import fp from 'fastify-plugin';
import { TestCardForm } from './test-mode/card-form';
import { TestModeGateway } from './test-mode/gateway';
import { testPaymentRoutes } from './test-mode/routes';
import type { SubscriptionGateway } from './subscription-gateway';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment port of the subscription: the built-in test mode, or Stripe with STRIPE_SECRET_KEY. */
    subscriptionGateway: SubscriptionGateway;
  }
}

/**
 * Plugin `payments`: the subscription's payment port, chosen by the configuration. In test mode
 * (the default) the gateway is ours, in the database, and so is the card form it needs (its
 * public routes on the company's site). With STRIPE_SECRET_KEY the Stripe adapter serves it.
 */
export const paymentsPlugin = fp(
  async (app) => {
    const { db, clock, config } = app;
    if (config.paymentMode === 'stripe') {
      // The Stripe adapter (api/src/payments/stripe/) is wired here once it lands; never a silent fallback.
      throw new Error('Stripe adapter not available: unset STRIPE_SECRET_KEY to run the built-in test mode');
    }
    app.decorate('subscriptionGateway', new TestModeGateway({ db, clock }));
    const cardForm = new TestCardForm({ db, clock, merchant: config.billing.seller.legalName, vatRate: config.billing.vatRate });
    await app.register(testPaymentRoutes, { cardForm, tenancy: app.tenancy });
  },
  { name: 'payments', dependencies: ['core', 'tenancy'] },
);
