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

/**
 * GET /api/bo/mail/undelivered (admins): e-mails a delivery failed for and still unsent, newest
 * first — retrying (`nextAttemptAt`) or given up (`failedAt`). POST …/{id}/retry answers one of
 * them after trying it again at once (`sentAt` when it went).
 */
export const undeliveredMailSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  createdAt: z.string(),
  attempts: z.int(),
  /** The last delivery's error, as the mail server gave it. */
  error: z.nullable(z.string()),
  nextAttemptAt: z.nullable(z.string()),
  failedAt: z.nullable(z.string()),
  sentAt: z.nullable(z.string()),
});
export type UndeliveredMail = z.infer<typeof undeliveredMailSchema>;

export const undeliveredMailsSchema = z.object({ messages: z.array(undeliveredMailSchema) });
export type UndeliveredMails = z.infer<typeof undeliveredMailsSchema>;
