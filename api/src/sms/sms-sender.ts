/** One text message to one phone number (E.164). */
export interface SmsMessage {
  to: string;
  body: string;
}

/**
 * The SMS port. The embedded default delivers nothing outside: the outbox table is the message
 * store (staff read it in development through GET /api/dev/sms-outbox); Twilio Messaging sends
 * for real when configured. Either way every message is first written to `sms_outbox` in the
 * transaction of the change that caused it, and delivered after the commit.
 */
export interface SmsSender {
  readonly kind: 'outbox' | 'twilio';
  /** Delivers one message; resolves with the provider's message id (null for the outbox). */
  send(message: SmsMessage): Promise<{ providerId: string | null }>;
}
