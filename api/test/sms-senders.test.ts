import type { RequestClient } from 'twilio';
import { loadConfig } from '../src/config/config';
import { createSmsSender } from '../src/sms/create-sms-sender';
import { createOutboxSmsSender } from '../src/sms/outbox-sender';
import { createTwilioSmsSender, type TwilioSmsConfig } from '../src/sms/twilio-sms-sender';
import { TWILIO_TEST_KEYS } from './helpers/twilio-keys';

const CREDENTIALS = {
  accountSid: TWILIO_TEST_KEYS.TWILIO_ACCOUNT_SID,
  apiKeySid: TWILIO_TEST_KEYS.TWILIO_API_KEY_SID,
  apiKeySecret: TWILIO_TEST_KEYS.TWILIO_API_KEY_SECRET,
};
const SERVICE_SID = `MG${'abcdef0123456789'.repeat(2)}`;
const MESSAGE = { to: '+393331234567', body: 'Demo: il tuo codice di verifica è 123456. Scade tra 10 minuti.' };

interface Sent {
  method: string;
  uri: string;
  username?: string;
  password?: string;
  data?: Record<string, unknown>;
}

/** Twilio's HTTP layer replaced: records each request and answers the canned response; no network. */
function fakeTwilio(answer: { statusCode: number; body: unknown }) {
  const sent: Sent[] = [];
  const httpClient = {
    request: async (options: Sent) => {
      sent.push({ method: options.method, uri: options.uri, username: options.username, password: options.password, data: options.data });
      return { ...answer, headers: {} };
    },
  } as unknown as RequestClient;
  return { sent, httpClient };
}

const created = (sid: string) => ({ statusCode: 201, body: { sid, status: 'queued', to: MESSAGE.to, body: MESSAGE.body } });

describe('the Twilio SMS sender', () => {
  it('posts the message to the account, authenticated with the API key, from the configured number', async () => {
    const twilio = fakeTwilio(created('SM0001'));
    const config: TwilioSmsConfig = { ...CREDENTIALS, from: '+15005550006', messagingServiceSid: null };
    const sender = createTwilioSmsSender(config, twilio.httpClient);
    expect(sender.kind).toBe('twilio');
    expect(await sender.send(MESSAGE)).toEqual({ providerId: 'SM0001' });
    expect(twilio.sent).toEqual([
      {
        method: 'post',
        uri: `https://api.twilio.com/2010-04-01/Accounts/${CREDENTIALS.accountSid}/Messages.json`,
        username: CREDENTIALS.apiKeySid,
        password: CREDENTIALS.apiKeySecret,
        data: { To: MESSAGE.to, Body: MESSAGE.body, From: '+15005550006' },
      },
    ]);
  });

  it('sends through the Messaging Service when one is configured (Twilio picks the number)', async () => {
    const twilio = fakeTwilio(created('SM0002'));
    const sender = createTwilioSmsSender({ ...CREDENTIALS, from: '+15005550006', messagingServiceSid: SERVICE_SID }, twilio.httpClient);
    expect(await sender.send(MESSAGE)).toEqual({ providerId: 'SM0002' });
    expect(twilio.sent[0]?.data).toEqual({ To: MESSAGE.to, Body: MESSAGE.body, MessagingServiceSid: SERVICE_SID });
  });

  it("rejects with Twilio's message when Twilio refuses", async () => {
    const twilio = fakeTwilio({ statusCode: 400, body: { code: 21211, message: "The 'To' number +393331234567 is not a valid phone number.", status: 400 } });
    const sender = createTwilioSmsSender({ ...CREDENTIALS, from: '+15005550006', messagingServiceSid: null }, twilio.httpClient);
    await expect(sender.send(MESSAGE)).rejects.toThrow("The 'To' number +393331234567 is not a valid phone number.");
  });

  it('refuses a configuration without any sender', () => {
    expect(() => createTwilioSmsSender({ ...CREDENTIALS, from: null, messagingServiceSid: null })).toThrow(/TWILIO_SMS_FROM/);
  });
});

describe('createSmsSender', () => {
  const TWILIO_ENV = TWILIO_TEST_KEYS;

  it('uses the outbox by default, and when Twilio is configured for video only', () => {
    expect(createSmsSender(loadConfig({}).sms).kind).toBe('outbox');
    expect(createSmsSender(loadConfig(TWILIO_ENV).sms).kind).toBe('outbox');
  });

  it('uses Twilio Messaging with the credentials and a sender (number or service)', () => {
    expect(createSmsSender(loadConfig({ ...TWILIO_ENV, TWILIO_SMS_FROM: '+15005550006' }).sms).kind).toBe('twilio');
    expect(createSmsSender(loadConfig({ ...TWILIO_ENV, TWILIO_MESSAGING_SERVICE_SID: SERVICE_SID }).sms).kind).toBe('twilio');
  });

  it('the outbox sender delivers nothing and reports no provider id', async () => {
    await expect(createOutboxSmsSender().send(MESSAGE)).resolves.toEqual({ providerId: null });
  });
});
