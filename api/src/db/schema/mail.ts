import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { companies } from './tenancy';
import { createdAt } from './columns';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** Every e-mail the product sends, written in the same transaction as the change that caused it. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Files sent with it (an appointment's .ics), their content as text. */
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The last delivery's error (kept after a later success is recorded as null). */
    error: text('error'),
    /** The staff member whose action sent it (null: the product on its own, or a customer): their hourly and daily bounds count these. */
    sentBy: uuid('sent_by'),
    /** Deliveries tried and failed so far. */
    attempts: integer('attempts').notNull().default(0),
    /**
     * When the redelivery sweep takes it, if still unsent: a grace after the enqueue (the delivery
     * after the commit normally comes first), then each failure's backoff.
     */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** Taken for sending at (a compare-and-set lease: one process sends it; a dead sender's lease runs out). */
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
    /** Given up: refused for good by the server, or still failing after the last attempt. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_company_created_idx').on(t.companyId, t.createdAt),
    index('mail_outbox_company_sent_by_idx').on(t.companyId, t.sentBy, t.createdAt),
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
  ],
);
