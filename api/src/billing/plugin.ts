import fp from 'fastify-plugin';
import type { BillingEventSink } from '../payments/subscription-gateway';
import { PeriodicTask, runWhileOpen } from '../scheduling/periodic-task';
import { keepingSdiTransmitter } from './documents/e-invoices';
import { createPecSdiTransmitter } from './documents/pec-sdi-transmitter';
import { invoiceDocumentRoutes } from './documents/routes';
import { SDI_SWEEP_INTERVAL_MS, transmitDueEInvoices, type SdiSweep } from './documents/sdi-transmission';
import { BillingEvents } from './events';
import { RENEWAL_SWEEP_INTERVAL_MS, RenewalSweeper, sweepRenewals } from './renewals';
import { billingRoutes } from './routes';
import { BillingService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The subscription's events sink: what a gateway learns later (renewals, Stripe's webhooks) goes through it. */
    billingEvents: BillingEventSink;
    /** Sends the e-invoices due to the SdI now (what the timer runs; nothing without SDI_PEC_*). */
    sdiTransmission: { sweep(): Promise<SdiSweep> };
  }
}

export interface BillingPluginOptions {
  /** The renewal sweep's period (RENEWAL_SWEEP_INTERVAL_MS by default); null: no timer (tests sweep by hand). */
  renewalIntervalMs?: number | null;
  /** The e-invoices' sending sweep's period (SDI_SWEEP_INTERVAL_MS by default, with SDI_PEC_* only); null: no timer. */
  sdiIntervalMs?: number | null;
}

/**
 * Plugin `billing`: the company's subscription (summary, invoicing data, card, plan changes,
 * cancellation, invoices and their documents) over the payment port; decorates the events sink; owns the renewal
 * sweep (trials ending everywhere, renewals and graces in the test mode) and, with SDI_PEC_*, the
 * e-invoices' sending to the SdI.
 */
export const billingPlugin = fp<BillingPluginOptions>(
  async (app, { renewalIntervalMs = RENEWAL_SWEEP_INTERVAL_MS, sdiIntervalMs = SDI_SWEEP_INTERVAL_MS }) => {
    const { db, clock, mailer, config, subscriptionGateway: gateway } = app;
    const events = new BillingEvents({ db, clock, mailer, billing: config.billing });
    app.decorate('billingEvents', events);
    const billing = new BillingService({ db, clock, mailer, gateway, billing: config.billing, paymentMode: gateway.mode });
    runWhileOpen(
      app,
      new RenewalSweeper({ run: () => sweepRenewals({ db, clock, gateway, events, billing: config.billing }), intervalMs: renewalIntervalMs, log: app.log }),
    );
    const transmitter = config.billing.sdi ? createPecSdiTransmitter(config.billing.sdi) : keepingSdiTransmitter;
    const sweep = () => transmitDueEInvoices({ db, clock, transmitter, log: app.log });
    app.decorate('sdiTransmission', { sweep });
    if (transmitter.sends) {
      runWhileOpen(
        app,
        new PeriodicTask({ run: sweep, intervalMs: sdiIntervalMs, log: app.log, failure: 'e-invoice sending to the SdI failed', runAtStart: true }),
      );
    }
    app.addHook('onClose', async () => transmitter.close());
    await app.register(billingRoutes, { billing, authenticate: app.authenticate });
    const { seller, vatRate } = config.billing;
    await app.register(invoiceDocumentRoutes, { db, authenticate: app.authenticate, seller, vatRate, testMode: gateway.mode === 'test' });
  },
  { name: 'billing', dependencies: ['core', 'mail', 'auth', 'payments'] },
);
