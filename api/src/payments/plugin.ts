import fp from 'fastify-plugin';
import { createStripeGateway } from './stripe/stripe-gateway';
import { stripeWebhookRoutes } from './stripe/webhook-routes';
import { TestCardForm } from './test-mode/card-form';
import { TestModeGateway } from './test-mode/gateway';
import { testPaymentRoutes } from './test-mode/routes';
import type { BillingEventSink, SubscriptionGateway } from './subscription-gateway';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment port of the subscription: the built-in test mode, or Stripe with STRIPE_SECRET_KEY. */
    subscriptionGateway: SubscriptionGateway;
  }
}

/**
 * Plugin `payments`: the subscription's payment port, chosen by the configuration. In test mode
 * (the default) the gateway is ours, in the database, and so is the card form it needs (its
 * public routes on the company's site). With the STRIPE_* variables the Stripe adapter serves it,
 * and Stripe's signed webhook hands what it learns to the billing domain's events sink
 * (`app.billingEvents`, decorated by the billing plugin, registered after this one: read when an
 * event arrives).
 */
export const paymentsPlugin = fp(
  async (app) => {
    const { db, clock, config } = app;
    if (config.stripe) {
      const { secretKey, publishableKey, prices, taxRateId, timeoutMs, webhookSecret } = config.stripe;
      const stripe = createStripeGateway({ secretKey, publishableKey, prices, taxRateId, timeoutMs });
      app.decorate('subscriptionGateway', stripe);
      const sink: BillingEventSink = { apply: (event) => app.billingEvents.apply(event) };
      await app.register(stripeWebhookRoutes, { stripe, webhookSecret, sink, db, vatRate: config.billing.vatRate, now: clock });
      return;
    }
    app.decorate('subscriptionGateway', new TestModeGateway({ db, clock }));
    const cardForm = new TestCardForm({ db, clock, merchant: config.billing.seller.legalName, vatRate: config.billing.vatRate });
    await app.register(testPaymentRoutes, { cardForm, tenancy: app.tenancy });
  },
  { name: 'payments', dependencies: ['core', 'tenancy'] },
);
