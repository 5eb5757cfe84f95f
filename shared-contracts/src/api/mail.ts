import * as z from 'zod/mini';

/** GET /api/dev/outbox (only with OUTBOX_VIEW=true): the host company's e-mails, newest first. */
export const outboxMessageSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** Files sent with it (an appointment's .ics), as text. */
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), content: z.string() })),
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxSchema = z.object({ messages: z.array(outboxMessageSchema) });
export type Outbox = z.infer<typeof outboxSchema>;
