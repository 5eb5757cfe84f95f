import fp from 'fastify-plugin';
import { paymentAccountRoutes } from './account-routes';
import { CustomerPaymentEventRouter } from './customer-payment-events';
import type { CustomerPaymentEvents, CustomerPaymentGateway } from './customer-payments';
import { StripeCustomerPayments } from './stripe/customer-gateway';
import { createStripeGateway } from './stripe/stripe-gateway';
import { stripeWebhookRoutes } from './stripe/webhook-routes';
import { TestCardForm } from './test-mode/card-form';
import { TestCustomerCardForm } from './test-mode/customer-card-form';
import { TestCustomerPayments } from './test-mode/customer-gateway';
import { TestModeGateway } from './test-mode/gateway';
import { testPaymentRoutes } from './test-mode/routes';
import type { BillingEventSink, SubscriptionGateway } from './subscription-gateway';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment port of the subscription: the built-in test mode, or Stripe with STRIPE_SECRET_KEY. */
    subscriptionGateway: SubscriptionGateway;
    /** The payment port of the company's customers (point of sale, paid appointments): the test mode, or Stripe Connect. */
    customerPayments: CustomerPaymentGateway;
    /** Where the owning domains register the handler of their customer payments' events (`on(purpose, handler)`). */
    customerPaymentEvents: CustomerPaymentEvents;
  }
}

/**
 * Plugin `payments`: the payment ports, chosen by the configuration. In test mode (the default)
 * the gateways are ours, in the database, and so are the card forms they need (their public
 * routes on the company's site). With the STRIPE_* variables the Stripe adapters serve them, and
 * Stripe's signed webhook hands what it learns to the billing domain's events sink
 * (`app.billingEvents`, decorated by the billing plugin, registered after this one: read when an
 * event arrives) and, for the customers' payments, to `app.customerPaymentEvents`. The admins'
 * routes of the company's account for its customers' payments are served in both modes.
 */
export const paymentsPlugin = fp(
  async (app) => {
    const { db, clock, config } = app;
    const events = new CustomerPaymentEventRouter(app.log);
    app.decorate('customerPaymentEvents', events);
    if (config.stripe) {
      const { secretKey, publishableKey, prices, taxRateId, timeoutMs, webhookSecret, applicationFeePercent, connectWebhookSecret, api } = config.stripe;
      const stripe = createStripeGateway({ secretKey, publishableKey, prices, taxRateId, timeoutMs, ...(api ?? {}) });
      app.decorate('subscriptionGateway', stripe);
      const customers = new StripeCustomerPayments({ call: stripe.call, publishableKey, applicationFeePercent, db, clock });
      app.decorate('customerPayments', customers);
      const sink: BillingEventSink = { apply: (event) => app.billingEvents.apply(event) };
      await app.register(stripeWebhookRoutes, {
        stripe,
        webhookSecret,
        sink,
        db,
        vatRate: config.billing.vatRate,
        now: clock,
        connect: { webhookSecret: connectWebhookSecret, gateway: customers, events },
      });
    } else {
      app.decorate('subscriptionGateway', new TestModeGateway({ db, clock }));
      app.decorate('customerPayments', new TestCustomerPayments({ db, clock, events }));
      const customerCardForm = new TestCustomerCardForm({ db, clock, events });
      const cardForm = new TestCardForm({
        db,
        clock,
        merchant: config.billing.seller.legalName,
        vatRate: config.billing.vatRate,
        onAuthenticationAnswered: (tx, companyId, card) => customerCardForm.authenticationAnswered(tx, companyId, card),
      });
      await app.register(testPaymentRoutes, { cardForm, customerCardForm, tenancy: app.tenancy });
    }
    await app.register(paymentAccountRoutes, { gateway: app.customerPayments });
  },
  { name: 'payments', dependencies: ['core', 'tenancy', 'auth'] },
);
