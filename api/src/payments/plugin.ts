import fp from 'fastify-plugin';
import { PeriodicTask, runWhileOpen } from '../scheduling/periodic-task';
import { paymentAccountRoutes } from './account-routes';
import { CustomerPaymentEventRouter } from './customer-payment-events';
import type { CustomerPaymentEvents, CustomerPaymentGateway } from './customer-payments';
import { StripeCustomerPayments } from './stripe/customer-gateway';
import { createStripeGateway } from './stripe/stripe-gateway';
import { INBOX_SWEEP_INTERVAL_MS, StripeWebhookInbox, StripeWebhookWorker } from './stripe/webhook-inbox';
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

export interface PaymentsPluginOptions {
  /**
   * The Stripe webhook inbox worker's period (INBOX_SWEEP_INTERVAL_MS by default), which also wakes
   * it on each new event; null: neither timer nor wake-up (tests run its rounds by hand).
   */
  webhookInboxIntervalMs?: number | null;
}

/**
 * Plugin `payments`: the payment ports, chosen by the configuration. In test mode (the default)
 * the gateways are ours, in the database, and so are the card forms they need (their public
 * routes on the company's site). With the STRIPE_* variables the Stripe adapters serve them, and
 * Stripe's signed webhook stores each event in its inbox and answers; the plugin's worker
 * (stripe/webhook-inbox.ts: woken by each new event, and on a timer for retries) hands what it
 * learns to the billing domain's events sink (`app.billingEvents`, decorated by the billing
 * plugin, registered after this one: read when an event is applied) and, for the customers'
 * payments, to `app.customerPaymentEvents`; closing the app awaits its round in progress. The admins'
 * routes of the company's account for its customers' payments are served in both modes.
 */
export const paymentsPlugin = fp<PaymentsPluginOptions>(
  async (app, { webhookInboxIntervalMs = INBOX_SWEEP_INTERVAL_MS }) => {
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
      const inbox = new StripeWebhookInbox({
        db,
        clock,
        stripe,
        sink,
        vatRate: config.billing.vatRate,
        connect: { gateway: customers, events },
        log: app.log,
      });
      const worker = new StripeWebhookWorker({ inbox, log: app.log });
      runWhileOpen(
        app,
        new PeriodicTask({
          run: () => worker.drain(),
          intervalMs: webhookInboxIntervalMs,
          log: app.log,
          failure: 'Stripe webhook inbox round failed',
          runAtStart: true,
        }),
      );
      app.addHook('onClose', () => worker.close());
      await app.register(stripeWebhookRoutes, {
        stripe,
        webhookSecret,
        connectWebhookSecret,
        inbox,
        onStored: webhookInboxIntervalMs === null ? undefined : () => worker.wake(),
        now: clock,
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
