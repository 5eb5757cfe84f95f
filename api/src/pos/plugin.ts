import fp from 'fastify-plugin';
import { PubSubPosNotifier } from '../lobby-realtime/pos-changes';
import { runWhileOpen } from '../scheduling/periodic-task';
import { POS_EXPIRY_SWEEP_INTERVAL_MS, PosExpirySweeper, sweepExpiredRequests } from './expiry';
import { PosLists } from './lists';
import { PosOutcomes } from './outcomes';
import { PosRequests } from './requests';
import { posRoutes } from './routes';
import { PosSettingsService } from './settings';

export interface PosPluginOptions {
  /** The expiry sweep's period (POS_EXPIRY_SWEEP_INTERVAL_MS by default); null: no timer (tests sweep by hand). */
  expirySweepIntervalMs?: number | null;
}

/**
 * Plugin `pos`: the point of sale, built from the core's decorations and the customer payment
 * port (`payments`) and the sms domain's facade (`sms`, the link by SMS); takes the port's events of purpose 'pos' and owns the expiry sweep (onReady
 * start, onClose stop). It decorates nothing: no other domain calls it.
 */
export const posPlugin = fp<PosPluginOptions>(
  async (app, { expirySweepIntervalMs = POS_EXPIRY_SWEEP_INTERVAL_MS }) => {
    const { db, clock, mailer } = app;
    const gateway = app.customerPayments;
    // A store's requests changed: the payments' screens open on any process read them again.
    const notifier = new PubSubPosNotifier(app);
    const outcomes = new PosOutcomes({ db, clock, mailer, gateway, notifier });
    app.customerPaymentEvents.on('pos', (event) => outcomes.onEvent(event));
    await app.register(posRoutes, {
      requests: new PosRequests({ db, clock, mailer, gateway, notifier, outcomes, sms: app.smsTexts, log: app.log }),
      lists: new PosLists({ db, clock }),
      settings: new PosSettingsService({ db }),
      authenticate: app.authenticate,
      tenancy: app.tenancy,
      csrf: app.csrf,
    });
    runWhileOpen(
      app,
      new PosExpirySweeper({
        run: () => sweepExpiredRequests({ db, clock, gateway, outcomes, notifier, log: app.log }),
        intervalMs: expirySweepIntervalMs,
        log: app.log,
      }),
    );
  },
  { name: 'pos', dependencies: ['core', 'csrf', 'mail', 'tenancy', 'auth', 'payments', 'sms'] },
);
