import twilio, { type RequestClient } from 'twilio';
import type { SmsConfig } from '../config/config';
import type { SmsSender } from './sms-sender';

export type TwilioSmsConfig = NonNullable<SmsConfig['twilio']>;

/**
 * Twilio Messaging through its REST API, authenticated with the API key (the account's auth
 * token is never needed). With a Messaging Service SID Twilio picks the sender from the service's
 * pool (and handles opt-outs and country rules); otherwise the message leaves from TWILIO_SMS_FROM.
 * `httpClient` replaces Twilio's HTTP layer in tests: nothing here may reach the internet there.
 */
export function createTwilioSmsSender(config: TwilioSmsConfig, httpClient?: RequestClient): SmsSender {
  const sender = config.messagingServiceSid ? { messagingServiceSid: config.messagingServiceSid } : config.from ? { from: config.from } : null;
  if (!sender) throw new Error('Twilio SMS needs TWILIO_SMS_FROM or TWILIO_MESSAGING_SERVICE_SID');
  let client: ReturnType<typeof twilio> | null = null;
  const rest = () => (client ??= twilio(config.apiKeySid, config.apiKeySecret, { accountSid: config.accountSid, httpClient }));
  return {
    kind: 'twilio',
    async send(message) {
      const sent = await rest().messages.create({ to: message.to, body: message.body, ...sender });
      return { providerId: sent.sid };
    },
  };
}
