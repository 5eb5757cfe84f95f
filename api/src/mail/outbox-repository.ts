import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { mailOutbox } from '../db/schema';
import type { MailMessage } from './mail-transport';

/** created_at is the database's clock (microseconds): the outbox lists messages in sending order. */
export async function insertOutboxMessage(tx: Tx, companyId: string, message: MailMessage): Promise<string> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({ companyId, to: message.to, subject: message.subject, text: message.text, html: message.html ?? null, attachments: message.attachments ?? [] })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('The outbox insert returned no row');
  return row.id;
}

export async function findOutboxMessage(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.companyId, companyId), eq(mailOutbox.id, id)));
  return row ?? null;
}

export async function markOutboxMessage(tx: Tx, companyId: string, id: string, result: { sentAt: Date } | { error: string }) {
  await tx
    .update(mailOutbox)
    .set('sentAt' in result ? { sentAt: result.sentAt, error: null } : { error: result.error })
    .where(and(eq(mailOutbox.companyId, companyId), eq(mailOutbox.id, id)));
}

export function listOutboxMessages(tx: Tx, companyId: string, limit: number) {
  return tx
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      attachments: mailOutbox.attachments,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.companyId, companyId))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
}
