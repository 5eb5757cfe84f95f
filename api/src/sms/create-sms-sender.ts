import type { SmsConfig } from '../config/config';
import { createOutboxSmsSender } from './outbox-sender';
import type { SmsSender } from './sms-sender';
import { createTwilioSmsSender } from './twilio-sms-sender';

/** Twilio Messaging when configured (credentials and a sender), the outbox alone otherwise. */
export function createSmsSender(config: SmsConfig): SmsSender {
  return config.twilio ? createTwilioSmsSender(config.twilio) : createOutboxSmsSender();
}
