import type { SmsSender } from './sms-sender';

/**
 * The embedded default: nothing leaves the machine. The `sms_outbox` row written before delivery
 * is the message store (development reads it through GET /api/dev/sms-outbox), so "sending" only
 * lets the outbox mark the row sent, exactly as a real provider's success would.
 */
export function createOutboxSmsSender(): SmsSender {
  return {
    kind: 'outbox',
    send: async () => ({ providerId: null }),
  };
}
