import fp from 'fastify-plugin';
import { runWhileOpen } from '../scheduling/periodic-task';
import type { MailTransport } from './mail-transport';
import { MAIL_REDELIVERY_INTERVAL_MS, MailRedeliverySweeper, Mailer } from './mailer';
import { devOutboxRoutes, undeliveredMailRoutes } from './routes';
import { createSmtpTransport } from './smtp-transport';
import { recordStaffMailRefusal, StaffMailLimitExceeded } from './staff-mail-limits';

declare module 'fastify' {
  interface FastifyInstance {
    /** The e-mail port: `enqueueMail` in a transaction, delivered once it has committed. */
    mailer: Mailer;
  }
}

export interface MailPluginOptions {
  /** Tests' transport (null: none); SMTP when SMTP_URL is set otherwise. */
  transport?: MailTransport | null;
}

/**
 * Plugin `mail`, part of the core: the e-mail port every domain writes to, closed (deliveries in
 * flight awaited) after the plugins that use it. A staff action refused by an e-mail bound rolled
 * back: the refusal gets its own line in the activity log.
 */
export const mailPlugin = fp<MailPluginOptions>(
  async (app, options) => {
    const { db, clock, config } = app;
    const transport = options.transport !== undefined ? options.transport : config.smtpUrl ? createSmtpTransport(config.smtpUrl) : null;
    const mailer = new Mailer({ db, transport, from: config.mailFrom, clock, log: app.log, staffLimits: config.staffMailLimits });
    app.decorate('mailer', mailer);
    app.addHook('onClose', () => mailer.close());
    app.addHook('onError', async (_request, _reply, error) => {
      if (error instanceof StaffMailLimitExceeded)
        await recordStaffMailRefusal(db, error).catch((recordError: unknown) => app.log.warn({ err: recordError }, 'e-mail bound refusal not logged'));
    });
  },
  { name: 'mail', dependencies: ['core'] },
);

export interface MailOutboxPluginOptions {
  /** The redelivery sweep's period; null: no timer (tests sweep by hand). MAIL_REDELIVERY_INTERVAL_MS otherwise. */
  redeliveryIntervalMs?: number | null;
}

/**
 * Plugin `mail-outbox`: the admins' undelivered e-mails (and, with OUTBOX_VIEW, the development
 * outbox); owns the redelivery sweep (every process tries again what is due: a failed delivery's
 * backoff, a stopped process's leftovers), started when the app is ready and stopped before the
 * mailer closes (registered after it).
 */
export const mailOutboxPlugin = fp<MailOutboxPluginOptions>(
  async (app, { redeliveryIntervalMs = MAIL_REDELIVERY_INTERVAL_MS }) => {
    const { mailer, tenancy } = app;
    runWhileOpen(app, new MailRedeliverySweeper({ run: () => mailer.redeliver(), intervalMs: redeliveryIntervalMs, log: app.log }));
    await app.register(undeliveredMailRoutes, { mailer, authenticate: app.authenticate });
    if (app.config.outboxView) await app.register(devOutboxRoutes, { mailer, tenancy });
  },
  { name: 'mail-outbox', dependencies: ['core', 'mail', 'tenancy', 'auth'] },
);
