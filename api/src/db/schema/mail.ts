import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    error: text('error'),
  },
  (t) => [index('mail_outbox_company_created_idx').on(t.companyId, t.createdAt)],
);
