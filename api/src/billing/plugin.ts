import fp from 'fastify-plugin';
import type { BillingEventSink } from '../payments/subscription-gateway';
import { runWhileOpen } from '../scheduling/periodic-task';
import { invoiceDocumentRoutes } from './documents/routes';
import { BillingEvents } from './events';
import { RENEWAL_SWEEP_INTERVAL_MS, RenewalSweeper, sweepRenewals } from './renewals';
import { billingRoutes } from './routes';
import { BillingService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The subscription's events sink: what a gateway learns later (renewals, Stripe's webhooks) goes through it. */
    billingEvents: BillingEventSink;
  }
}

export interface BillingPluginOptions {
  /** The renewal sweep's period (RENEWAL_SWEEP_INTERVAL_MS by default); null: no timer (tests sweep by hand). */
  renewalIntervalMs?: number | null;
}

/**
 * Plugin `billing`: the company's subscription (summary, invoicing data, card, plan changes,
 * cancellation, invoices and their documents) over the payment port; decorates the events sink; owns the renewal
 * sweep (trials ending everywhere, renewals and graces in the test mode).
 */
export const billingPlugin = fp<BillingPluginOptions>(
  async (app, { renewalIntervalMs = RENEWAL_SWEEP_INTERVAL_MS }) => {
    const { db, clock, mailer, config, subscriptionGateway: gateway } = app;
    const events = new BillingEvents({ db, clock, mailer, billing: config.billing });
    app.decorate('billingEvents', events);
    const billing = new BillingService({ db, clock, mailer, gateway, billing: config.billing, paymentMode: gateway.mode });
    runWhileOpen(
      app,
      new RenewalSweeper({ run: () => sweepRenewals({ db, clock, gateway, events, billing: config.billing }), intervalMs: renewalIntervalMs, log: app.log }),
    );
    await app.register(billingRoutes, { billing, authenticate: app.authenticate });
    const { seller, vatRate } = config.billing;
    await app.register(invoiceDocumentRoutes, { db, authenticate: app.authenticate, seller, vatRate, testMode: gateway.mode === 'test' });
  },
  { name: 'billing', dependencies: ['core', 'mail', 'auth', 'payments'] },
);
