import fp from 'fastify-plugin';
import { createSmsSender } from './create-sms-sender';
import { PhoneVerificationService, smsCodeSecret } from './phone-verification';
import type { PhoneVerification } from './phone-verification-port';
import { devSmsOutboxRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The SMS port as the lobby uses it: codes issued and checked in its transactions. */
    phoneVerification: PhoneVerification;
  }
}

/**
 * Plugin `sms`, part of the core: phone verification through the SMS sender (the outbox, or
 * Twilio when configured), closed (deliveries in flight awaited) after the lobby that uses it.
 * With OUTBOX_VIEW, the development SMS outbox (a public read of the host's company: tenancy).
 */
export const smsPlugin = fp(
  async (app) => {
    const { config } = app;
    const phoneVerification = new PhoneVerificationService({
      db: app.db,
      clock: app.clock,
      sender: createSmsSender(config.sms),
      limits: { perPhonePerDay: config.lobby.smsPerPhonePerDay, perIpPerDay: config.lobby.smsPerIpPerDay, perCompanyPerDay: config.lobby.smsPerCompanyPerDay },
      codeSecret: smsCodeSecret(config.video.tokenSecret),
      defaultCountry: config.lobby.defaultCountry,
      log: app.log,
    });
    app.decorate('phoneVerification', phoneVerification);
    app.addHook('onClose', () => phoneVerification.close());
    if (config.outboxView) await app.register(devSmsOutboxRoutes, { outbox: phoneVerification.outbox, tenancy: app.tenancy });
  },
  { name: 'sms', dependencies: ['core', 'tenancy'] },
);
