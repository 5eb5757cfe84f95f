import fp from 'fastify-plugin';
import { createSmsSender } from './create-sms-sender';
import { createSmsTexts, type SmsTexts } from './facade';
import { PhoneVerificationService, smsCodeSecret } from './phone-verification';
import type { PhoneVerification } from './phone-verification-port';
import { devSmsOutboxRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The SMS port as the lobby uses it: codes issued and checked in its transactions. */
    phoneVerification: PhoneVerification;
    /** Text messages other domains send in their transactions (the point of sale's link): facade.ts. */
    smsTexts: SmsTexts;
  }
}

/**
 * Plugin `sms`, part of the core: phone verification and the text messages of other domains
 * (smsTexts, facade.ts) through the SMS sender (the outbox, or Twilio when configured), closed (deliveries in flight awaited) after the lobby that uses it.
 * With OUTBOX_VIEW, the development SMS outbox (a public read of the host's company: tenancy).
 */
export const smsPlugin = fp(
  async (app) => {
    const { config } = app;
    const limits = {
      perPhonePerDay: config.lobby.smsPerPhonePerDay,
      perIpPerDay: config.lobby.smsPerIpPerDay,
      perCompanyPerDay: config.lobby.smsPerCompanyPerDay,
    };
    const codeSecret = smsCodeSecret(config.video.tokenSecret);
    const defaultCountry = config.lobby.defaultCountry;
    const phoneVerification = new PhoneVerificationService({
      db: app.db,
      clock: app.clock,
      sender: createSmsSender(config.sms),
      limits,
      codeSecret,
      defaultCountry,
      log: app.log,
    });
    app.decorate('phoneVerification', phoneVerification);
    // One outbox for every SMS: the same deliveries awaited at close, the same redelivery.
    app.decorate('smsTexts', createSmsTexts({ outbox: phoneVerification.outbox, limits, codeSecret, defaultCountry }));
    app.addHook('onClose', () => phoneVerification.close());
    if (config.outboxView) await app.register(devSmsOutboxRoutes, { outbox: phoneVerification.outbox, tenancy: app.tenancy });
  },
  { name: 'sms', dependencies: ['core', 'tenancy'] },
);
