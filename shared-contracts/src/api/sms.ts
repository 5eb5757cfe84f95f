import * as z from 'zod/mini';

/**
 * GET /api/dev/sms-outbox (only with OUTBOX_VIEW=true): the host company's text messages, newest
 * first. `sentAt` once delivered (to the provider, or to the outbox itself by default), `error`
 * when the provider refused it.
 */
export const smsOutboxMessageSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  body: z.string(),
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
  error: z.nullable(z.string()),
});
export type SmsOutboxMessage = z.infer<typeof smsOutboxMessageSchema>;

export const smsOutboxSchema = z.object({ messages: z.array(smsOutboxMessageSchema) });
export type SmsOutbox = z.infer<typeof smsOutboxSchema>;
